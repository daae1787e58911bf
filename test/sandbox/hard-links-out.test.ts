// Hard links to files outside the workspace (ADR 0051), under the real bubblewrap. A mount is
// read-only per mount, not per inode, so a sandboxed write through the workspace's name of such
// a file changed the outside one: a backup made with `cp -al`, a package bun or yarn linked in
// from the global cache every other project installs from. Every such name is read-only to
// every sandboxed command, asked or not; files whose names are all inside stay writable.
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { probeBubblewrap } from "../../src/engine/sandbox/bubblewrap.js";
import { listCritical } from "../../src/engine/sandbox/critical-scan.js";
import { createCommandTools, type CommandTools } from "../../src/engine/tools/command/command-tools.js";
import type { ToolContext } from "../../src/engine/tools/tool.js";

const bwrapWorks = probeBubblewrap().works;
let base: string;
let root: string;
let outside: string;
let session: CommandTools;

async function run(command: string, answeredBy?: ToolContext["answeredBy"]): Promise<string> {
  const tool = session.tools.find((candidate) => candidate.name === "run_command")!;
  return (await tool.execute({ command }, { signal: new AbortController().signal, ...(answeredBy ? { answeredBy } : {}) })).content;
}

/** A file outside the workspace with `text`, and a second name for it at `relative` inside. */
function linkIn(relative: string, text: string, outsideName = relative): string {
  const file = path.join(outside, outsideName);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  linkSync(file, path.join(root, relative));
  return file;
}

/** A package in a node_modules, every file a hard link into a cache outside (bun's hoisted install, yarn's hardlinks-global). */
function linkedPackage(nodeModules: string, name: string): string {
  const cached = path.join(outside, "cache", `${name}@1.0.0`);
  mkdirSync(cached, { recursive: true });
  writeFileSync(path.join(cached, "package.json"), `{"name":"${name}"}\n`);
  writeFileSync(path.join(cached, "index.js"), "module.exports = 1;\n");
  const pkg = path.join(root, nodeModules, name);
  mkdirSync(pkg, { recursive: true });
  for (const file of ["package.json", "index.js"]) linkSync(path.join(cached, file), path.join(pkg, file));
  return path.join(cached, "index.js");
}

beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), "links-out-"));
  root = path.join(base, "ws");
  outside = path.join(base, "outside");
  mkdirSync(root);
  mkdirSync(outside);
  session = createCommandTools({ root, tasksDir: path.join(base, "tasks"), sandbox: "workspace-write" });
});
afterEach(async () => {
  await session.closeAll();
  rmSync(base, { recursive: true, force: true });
});

describe("the walk before a command finds hard links out", () => {
  it("lists every name of a file with a name outside, and none of a file whose names are all inside", () => {
    linkIn("src/config.js", "a\n");
    linkIn("deep/er/notes.txt", "b\n", "notes.txt");
    writeFileSync(path.join(root, "one.txt"), "c\n");
    linkSync(path.join(root, "one.txt"), path.join(root, "two.txt"));
    const listing = listCritical(root, [], { linksOut: new Map() });
    const real = (relative: string) => path.join(listing.root, relative);
    expect(listing.linkedOut.sort()).toEqual([real("deep/er/notes.txt"), real("src/config.js")].sort());
  });

  it("a hard-linked package in any node_modules, scoped or not, and bun's and pnpm's stores; not a copied package", () => {
    linkedPackage("node_modules", "left-pad");
    linkedPackage("node_modules", "@scope/util");
    linkedPackage(path.join("packages", "a", "node_modules"), "is-odd");
    mkdirSync(path.join(root, "node_modules", "copied"), { recursive: true });
    writeFileSync(path.join(root, "node_modules", "copied", "package.json"), "{}\n");
    mkdirSync(path.join(root, "node_modules", ".bun", "x@1.0.0", "node_modules", "x"), { recursive: true });
    mkdirSync(path.join(root, "node_modules", ".pnpm"), { recursive: true });
    const listing = listCritical(root, [], { linksOut: new Map() });
    const real = (relative: string) => path.join(listing.root, relative);
    expect(listing.linkedOut.sort()).toEqual(
      [
        real("node_modules/.bun"),
        real("node_modules/.pnpm"),
        real("node_modules/@scope/util"),
        real("node_modules/left-pad"),
        real("packages/a/node_modules/is-odd"),
      ].sort(),
    );
  });

  it("a tree copied with hard links is listed by folder past a few hundred files", () => {
    for (let index = 0; index < 300; index += 1) linkIn(`backup/${index % 3}/f${index}.txt`, `${index}\n`, `tree/f${index}.txt`);
    const listing = listCritical(root, [], { linksOut: new Map() });
    expect(listing.linkedOut.sort()).toEqual(["0", "1", "2"].map((folder) => path.join(listing.root, "backup", folder)));
  });

  it("the session's cache sees a link added to a folder, and one taken away", () => {
    const cache = new Map();
    writeFileSync(path.join(root, "plain.txt"), "p\n");
    mkdirSync(path.join(root, "src"));
    expect(listCritical(root, [], { linksOut: cache }).linkedOut).toEqual([]);
    linkIn("src/config.js", "a\n");
    const listing = listCritical(root, [], { linksOut: cache });
    expect(listing.linkedOut).toEqual([path.join(listing.root, "src", "config.js")]);
    rmSync(path.join(root, "src", "config.js"));
    expect(listCritical(root, [], { linksOut: cache }).linkedOut).toEqual([]);
  });

  it("is not looked for in the listing after a command, which only compares", () => {
    linkIn("src/config.js", "a\n");
    expect(listCritical(root, []).linkedOut).toEqual([]);
  });
});

describe.skipIf(!bwrapWorks)("a sandboxed write through a hard link never reaches the outside file", () => {
  for (const answeredBy of [undefined, "flag", "user"] as const) {
    it(`a file the user linked in, written by a program, a copy, a redirect or sed (${answeredBy ?? "unasked"})`, async () => {
      const config = linkIn("src/config.js", "module.exports = {};\n");
      const notes = linkIn("docs/notes.md", "mine\n", "home-notes.md");
      const out = await run(
        "node -e \"require('fs').writeFileSync('src/config.js', 'pwned')\"; cp /etc/hostname docs/notes.md; echo pwned >> src/config.js; " +
          "sed -i s/mine/pwned/ docs/notes.md; python3 -c \"open('docs/notes.md','a').write('pwned')\"; echo done",
        answeredBy,
      );
      expect(out).toContain("done");
      expect(readFileSync(config, "utf8")).toBe("module.exports = {};\n");
      expect(readFileSync(notes, "utf8")).toBe("mine\n");
    });
  }

  it("a package bun linked from its cache (hoisted or in .bun), through any of its names", async () => {
    const hoisted = linkedPackage("node_modules", "left-pad");
    const scoped = linkedPackage("node_modules", "@scope/util");
    const stored = path.join(outside, "bun-cache", "x.js");
    mkdirSync(path.dirname(stored), { recursive: true });
    writeFileSync(stored, "module.exports = 1;\n");
    const isolated = path.join(root, "node_modules", ".bun", "x@1.0.0", "node_modules", "x");
    mkdirSync(isolated, { recursive: true });
    linkSync(stored, path.join(isolated, "index.js"));
    symlinkSync(path.join(".bun", "x@1.0.0", "node_modules", "x"), path.join(root, "node_modules", "x"));
    const out = await run(
      "echo evil >> node_modules/left-pad/index.js; node -e \"require('fs').writeFileSync('node_modules/@scope/util/index.js', 'evil')\"; " +
        "echo evil >> node_modules/x/index.js; echo done",
      "flag",
    );
    expect(out).toContain("done");
    for (const file of [hoisted, scoped, stored]) expect(readFileSync(file, "utf8")).toBe("module.exports = 1;\n");
  });

  it("files whose every name is inside, and the rest of node_modules, stay writable", async () => {
    linkIn("src/config.js", "a\n");
    writeFileSync(path.join(root, "one.txt"), "c\n");
    linkSync(path.join(root, "one.txt"), path.join(root, "two.txt"));
    linkedPackage("node_modules", "left-pad");
    const out = await run("echo more >> one.txt && mkdir -p node_modules/.cache && echo ok > node_modules/.cache/y && echo new > src/other.js && cat two.txt node_modules/.cache/y", "flag");
    expect(out).toContain("more");
    expect(out).toContain("ok");
    expect(readFileSync(path.join(root, "src", "other.js"), "utf8")).toBe("new\n");
  });

  it("a tree copied with hard links stays whole, past a few hundred files", async () => {
    const files = Array.from({ length: 300 }, (_, index) => linkIn(`backup/f${index}.txt`, `${index}\n`, `tree/f${index}.txt`));
    const out = await run("for f in backup/*.txt; do echo pwned >> \"$f\"; done 2>/dev/null; echo done", "flag");
    expect(out).toContain("done");
    expect(files.every((file, index) => readFileSync(file, "utf8") === `${index}\n`)).toBe(true);
  });
});
