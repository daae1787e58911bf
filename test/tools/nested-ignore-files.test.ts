// Ignore files where a newcomer puts them: a project not (yet) under git with a .gitignore,
// and .agentignore files in folders below the root, which apply within their folder as git's
// do. Every tool that walks (the walker, list_files, glob, grep on both backends) agrees.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createGlobTool } from "../../src/engine/tools/search/glob.js";
import { findRipgrep } from "../../src/engine/tools/search/grep-rg.js";
import { createGrepTool } from "../../src/engine/tools/search/grep.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { createListFilesTool } from "../../src/engine/tools/search/list-files.js";
import { walkFiles } from "../../src/engine/tools/search/walker.js";
import { systemTools } from "../helpers/system-tools.js";
import { makeTree, run, tempDir } from "./tree.js";

const rg = findRipgrep();
const hasRg = systemTools().ripgrep.available;

/** Every file holds "needle"; the comments say which rule hides it. */
function makeProject(): string {
  return makeTree({
    ".gitignore": "*.log\n",
    ".agentignore": "*.secret\n",
    "a.txt": "needle\n",
    "a.log": "needle\n", // root .gitignore, no repository
    "a.secret": "needle\n", // root .agentignore
    "docs/.agentignore": "drafts/\n*.bak\n!kept.secret\n",
    "docs/guide.md": "needle\n",
    "docs/drafts/wip.md": "needle\n", // docs/.agentignore
    "docs/old.bak": "needle\n", // docs/.agentignore
    "docs/kept.secret": "needle\n", // the root's .agentignore has the last word
    "docs/api/.agentignore": "!keep.bak\n",
    "docs/api/keep.bak": "needle\n", // brought back by the deeper file
    "docs/api/drop.bak": "needle\n", // docs/.agentignore still applies below
    "other/drafts/d.md": "needle\n", // docs/.agentignore is not other's
    "other/x.bak": "needle\n",
    "other/.gitignore": "*.tmp\n",
    "other/y.tmp": "needle\n", // nested .gitignore, no repository
  });
}

const VISIBLE = [
  ".agentignore",
  ".gitignore",
  "a.txt",
  "docs/.agentignore",
  "docs/api/.agentignore",
  "docs/api/keep.bak",
  "docs/guide.md",
  "other/.gitignore",
  "other/drafts/d.md",
  "other/x.bak",
];

async function walked(root: string, start = root): Promise<string[]> {
  const jail = createJail(root, { home: tempDir() });
  const out: string[] = [];
  for await (const file of walkFiles({ jail, start })) out.push(path.relative(root, file.absolute).split(path.sep).join("/"));
  return out.sort();
}

describe("ignore files outside a repository and in folders below the root", () => {
  it("the walker applies a .gitignore without git and each .agentignore within its folder", async () => {
    const root = makeProject();
    expect(await walked(root)).toEqual(VISIBLE);
    // Starting below a folder with a .agentignore still applies it.
    expect(await walked(root, path.join(root, "docs/api"))).toEqual(["docs/api/.agentignore", "docs/api/keep.bak"]);
    // Inside a repository the answer is the same.
    execFileSync("git", ["init", "-q"], { cwd: root });
    expect(await walked(root)).toEqual(VISIBLE);
  });

  it("list_files and glob skip the same entries", async () => {
    const root = makeProject();
    const jail = createJail(root, { home: tempDir() });
    const listing = (await run(createListFilesTool({ jail }), { path: "docs" })).content;
    expect(listing).toBe("docs/\napi/\n.agentignore\nguide.md\n[3 ignored or protected entries not shown: drafts/, kept.secret, old.bak]");
    const globbed = (await run(createGlobTool({ jail }), { pattern: "**/*" })).content.split("\n").sort();
    expect(globbed).toEqual(VISIBLE);
  });

  it("grep's fallback finds only the visible files", async () => {
    const root = makeProject();
    const jail = createJail(root, { home: tempDir() });
    const { content } = await run(createGrepTool({ jail, ripgrep: null }), { pattern: "needle" });
    expect(content.split("\n").map((line) => line.split(":")[0])).toEqual(VISIBLE.filter((file) => !file.endsWith("ignore")).sort());
  });

  it.skipIf(!hasRg)("ripgrep gives the fallback's answer, in a repository or not (needs rg on PATH)", async () => {
    const root = makeProject();
    const jail = createJail(root, { home: tempDir() });
    const queries = [{ pattern: "needle" }, { pattern: "needle", path: "docs" }, { pattern: "needle", path: "docs/api" }, { pattern: "needle", path: "other" }, { pattern: "needle", include: "*.bak" }];
    for (const git of [false, true]) {
      if (git) execFileSync("git", ["init", "-q"], { cwd: root });
      for (const query of queries) {
        const ours = (await run(createGrepTool({ jail, ripgrep: null }), query)).content;
        const theirs = (await run(createGrepTool({ jail, ripgrep: rg! }), query)).content;
        expect({ git, query, content: theirs }).toEqual({ git, query, content: ours });
      }
    }
  });
});
