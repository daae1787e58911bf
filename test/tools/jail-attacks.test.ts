// Attacks on the path jail through the real file tools on real temp trees: symlinks (file,
// parent directory, dangling), .git spelled in other cases, traversal in glob/grep/list
// arguments, secret files reached by search, and /proc. Bytes on disk are checked after.
import { existsSync, linkSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createEditFileTool } from "../../src/engine/tools/fs/edit-file.js";
import { createGlobTool } from "../../src/engine/tools/search/glob.js";
import { createGrepTool } from "../../src/engine/tools/search/grep.js";
import { findRipgrep } from "../../src/engine/tools/search/grep-rg.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { createListFilesTool } from "../../src/engine/tools/search/list-files.js";
import { createReadFileTool } from "../../src/engine/tools/fs/read-file.js";
import { createWriteFileTool } from "../../src/engine/tools/fs/write-file.js";
import { makeTree, run, runError } from "./tree.js";

function setup() {
  const outside = makeTree({ "secret.txt": "OUTSIDE-SECRET\n", "dir/inner.txt": "OUTSIDE-INNER\n" });
  const home = makeTree({ ".ssh/id_rsa": "HOME-KEY\n", ".aws/credentials": "AWS-CRED\n" });
  const root = makeTree({ "src/a.ts": "const a = 1;\n", ".git/config": "[core]\n", ".git/hooks/.keep": "", ".env": "OPENAI_API_KEY=ENV-SECRET\n",
    "config/.env.production": "PROD-SECRET\n", "keys/id_ed25519": "PRIVATE-KEY\n" });
  symlinkSync(path.join(outside, "secret.txt"), path.join(root, "link-file"));
  symlinkSync(outside, path.join(root, "link-dir"));
  symlinkSync(path.join(outside, "created-by-agent.txt"), path.join(root, "dangling"));
  symlinkSync(path.join(outside, "newdir"), path.join(root, "dangling-dir"));
  symlinkSync(path.join(root, ".env"), path.join(root, "innocent.txt"));
  const jail = createJail(root, { home });
  const ripgrep = findRipgrep();
  return {
    root, outside, home,
    read: createReadFileTool({ jail }), write: createWriteFileTool({ jail }), edit: createEditFileTool({ jail }),
    list: createListFilesTool({ jail }), glob: createGlobTool({ jail }),
    greps: [createGrepTool({ jail, ripgrep: null }), ...(ripgrep ? [createGrepTool({ jail, ripgrep })] : [])],
  };
}

describe("jail attacks through the file tools", () => {
  it("refuses reads that escape by .., absolute path, ~, symlinked file or directory, or /proc", async () => {
    const t = setup();
    for (const p of ["../secret.txt", `${t.outside}/secret.txt`, "link-file", "link-dir/secret.txt", "link-dir/../link-dir/secret.txt",
      "src/../../secret.txt", "~/.ssh/id_rsa", "/proc/self/environ", "/etc/passwd", "link-dir/dir/inner.txt", "src/a.ts\0.png"]) {
      const message = await runError(t.read, { path: p });
      expect(message, p).not.toMatch(/OUTSIDE|HOME-KEY/);
    }
  });

  it("refuses writes through a symlinked file, a symlinked parent, a dangling link and into .git in any case", async () => {
    const t = setup();
    for (const p of ["link-file", "link-dir/new.txt", "dangling", "dangling-dir/x.txt", ".git/hooks/pre-commit", ".GIT/hooks/pre-commit",
      ".Git/config", "src/../.git/config", ".git/../.git/hooks/post-checkout", "sub/.git/hooks/pre-commit", "../escape.txt", "innocent.txt"]) {
      await runError(t.write, { path: p, content: "#!/bin/sh\ntouch /tmp/pwned\n" });
    }
    expect(readFileSync(path.join(t.outside, "secret.txt"), "utf8")).toBe("OUTSIDE-SECRET\n");
    expect(existsSync(path.join(t.outside, "created-by-agent.txt"))).toBe(false);
    expect(existsSync(path.join(t.outside, "newdir"))).toBe(false);
    expect(existsSync(path.join(t.outside, "new.txt"))).toBe(false);
    expect(existsSync(path.join(t.root, ".git/hooks/pre-commit"))).toBe(false);
    expect(existsSync(path.join(path.dirname(t.root), "escape.txt"))).toBe(false);
    expect(readFileSync(path.join(t.root, ".env"), "utf8")).toBe("OPENAI_API_KEY=ENV-SECRET\n");
  });

  it("refuses edits through a symlink to outside or to a secret file", async () => {
    const t = setup();
    await runError(t.edit, { path: "link-file", old_string: "OUTSIDE", new_string: "PWNED" });
    await runError(t.edit, { path: "innocent.txt", old_string: "ENV", new_string: "X" });
    expect(readFileSync(path.join(t.outside, "secret.txt"), "utf8")).toBe("OUTSIDE-SECRET\n");
  });

  it("refuses secret files by name in any letter case (case-insensitive file systems)", async () => {
    const t = setup();
    for (const p of [".ENV", ".Env.Local", "keys/ID_ED25519"]) await runError(t.read, { path: p });
    for (const p of [".ENV", ".Env.production"]) await runError(t.write, { path: p, content: "x" });
    // A home credential store spelled in another case, reached through a read root.
    const home = makeTree({ ".SSH/config": "Host x\n", ".Aws/credentials": "AWS\n", "notes.txt": "ok\n" });
    const read = createReadFileTool({ jail: createJail(t.root, { home, readRoots: [home] }) });
    expect((await run(read, { path: path.join(home, "notes.txt") })).content).toMatch(/ok/);
    for (const p of [".SSH/config", ".Aws/credentials"]) expect(await runError(read, { path: path.join(home, p) })).toMatch(/credentials/);
  });

  it("never lists, globs or greps outside, or into secret files", async () => {
    const t = setup();
    for (const p of ["/", "..", "link-dir", t.outside, "~", "/proc/self"]) await runError(t.list, { path: p });
    for (const input of [{ pattern: "../**" }, { pattern: "/etc/*" }, { pattern: "**", path: ".." }, { pattern: "*", path: "link-dir" }]) {
      await runError(t.glob, input);
    }
    const all = await run(t.glob, { pattern: "**", include_ignored: true });
    expect(all.content).not.toMatch(/\.env|id_ed25519|secret\.txt|link-dir|innocent/);
    for (const grep of t.greps) {
      const hits = await run(grep, { pattern: "S.CRET|K.Y|OUTS.DE", include_ignored: true });
      expect(hits.content).not.toMatch(/ENV-SECRET|PROD-SECRET|PRIVATE-KEY|OUTSIDE/);
      for (const p of ["..", "link-dir", "link-file", "innocent.txt", ".env", "/proc/self/environ"]) await runError(grep, { pattern: "x", path: p });
      const listed = await run(grep, { pattern: "S.CRET", path: "config", include_ignored: true });
      expect(listed.content).not.toMatch(/PROD-SECRET/);
    }
  });

  it("a hard link to a secret is refused as the secret is (linked-secrets.ts; more in linked-secrets.test.ts)", async () => {
    const t = setup();
    linkSync(path.join(t.root, ".env"), path.join(t.root, "hard.txt"));
    expect(await runError(t.read, { path: "hard.txt" })).toContain("hard link to .env");
  });
});
