// A hard link is one file under two names: `ln .env notes.txt` makes `notes.txt` hold what
// `.env` holds, and no name check sees `.env`. The file tools, grep (ripgrep and the fallback)
// and the command allowlist treat every other name of a secret file as the secret itself,
// wherever it is: beside it, in another folder, in a read root, or a key in the home's `.ssh`.
// Files linked to each other that hold no secret stay readable.
import { linkSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { createReadFileTool } from "../../src/engine/tools/fs/read-file.js";
import { createGrepTool } from "../../src/engine/tools/search/grep.js";
import { findRipgrep } from "../../src/engine/tools/search/grep-rg.js";
import { approvalWorkspace } from "../helpers/approval-workspace.js";
import { makeTree, run, runError, tempDir } from "./tree.js";

const rg = findRipgrep();

function workspace() {
  const home = tempDir();
  const root = makeTree({
    ".env": "API_TOKEN=needle-from-env\n",
    "src/app.ts": "export const needle = 1;\n",
    "shared/a.txt": "needle shared between two names\n",
  });
  mkdirSync(path.join(home, ".ssh"));
  writeFileSync(path.join(home, ".ssh", "id_ed25519"), "needle private key\n");
  linkSync(path.join(root, ".env"), path.join(root, "notes.txt"));
  linkSync(path.join(root, ".env"), path.join(root, "src", "settings.txt"));
  linkSync(path.join(home, ".ssh", "id_ed25519"), path.join(root, "key.txt"));
  linkSync(path.join(root, "shared", "a.txt"), path.join(root, "shared", "b.txt"));
  const jail = createJail(root, { home });
  return { root, home, jail, read: createReadFileTool({ jail }) };
}

describe("another name of a secret file", () => {
  it("read_file refuses it and says which secret it is, and reads ordinary linked files", async () => {
    const { read } = workspace();
    expect(await runError(read, { path: "notes.txt" })).toContain("hard link to .env");
    expect(await runError(read, { path: "src/settings.txt" })).toContain("hard link to .env");
    expect(await runError(read, { path: "key.txt" })).toMatch(/hard link to .*\.ssh\/id_ed25519/);
    expect((await run(read, { path: "shared/b.txt" })).content).toContain("needle shared between two names");
  });

  it("the grep fallback shows none of its lines", async () => {
    const { jail } = workspace();
    const out = (await run(createGrepTool({ jail, ripgrep: null }), { pattern: "needle", include_ignored: true })).content;
    expect(out).not.toContain("needle-from-env");
    expect(out).not.toContain("private key");
    expect(out).toContain("src/app.ts");
    expect(out).toContain("shared/b.txt");
  });

  it.skipIf(!rg)("grep through ripgrep shows none of its lines (needs rg on PATH)", async () => {
    const { jail } = workspace();
    const out = (await run(createGrepTool({ jail, ripgrep: rg! }), { pattern: "needle", include_ignored: true })).content;
    expect(out).not.toContain("needle-from-env");
    expect(out).not.toContain("private key");
    expect(out).toContain("src/app.ts");
    expect(out).toContain("shared/b.txt");
  });

  it("a command reading it asks, as `cat .env` does; one reading an ordinary linked file does not", () => {
    const root = approvalWorkspace({ ".env": "K=1\n", "shared/a.txt": "a\n" });
    linkSync(path.join(root, ".env"), path.join(root, "copy.txt"));
    linkSync(path.join(root, "shared", "a.txt"), path.join(root, "shared", "b.txt"));
    expect(classifyCommand("cat copy.txt", { root }).decision).not.toBe("allow");
    expect(classifyCommand("head -5 copy.txt", { root }).decision).not.toBe("allow");
    expect(classifyCommand("cat shared/b.txt", { root }).decision).toBe("allow");
  });
});
