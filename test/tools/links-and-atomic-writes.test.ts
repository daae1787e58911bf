// Issue 11, item 6: a write to a file with more than one hard link asks and says why; writes
// go through a temp file and a rename, so a hard link elsewhere keeps its content, a half file
// is never seen, the mode survives, and a symlink swapped into the path before the rename
// stops the write.
import { chmodSync, chownSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";
import { isCriticalFile } from "../../src/engine/approval/rules/critical-files.js";
import { evaluateRules } from "../../src/engine/approval/rules/rules.js";
import { matchUserRules } from "../../src/engine/approval/rules/user-rules.js";
import { criticalLinkTo } from "../../src/engine/sandbox/critical-links.js";
import { writeFileAtomic } from "../../src/engine/tools/fs/atomic-write.js";
import { createEditFileTool } from "../../src/engine/tools/fs/edit-file.js";
import { hardLinkCount } from "../../src/engine/tools/jail/hard-links.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { ToolError } from "../../src/engine/tools/tool.js";
import { createWriteFileTool } from "../../src/engine/tools/fs/write-file.js";
import { makeTree, run, runError, tempDir } from "./tree.js";

describe("hard links", () => {
  it("asks before writing a file with more than one link, says why, and never offers always-allow", () => {
    const root = makeTree({ "plain.txt": "x\n" });
    const outside = tempDir();
    writeFileSync(path.join(outside, "bashrc"), "original\n");
    linkSync(path.join(outside, "bashrc"), path.join(root, "linked.txt"));
    const jail = createJail(root, { home: tempDir() });
    const rules = { jail, classifyCommand: () => ({ decision: "confirm" as const, reason: "" }), hardLinks: hardLinkCount };
    const linked = evaluateRules({ name: "write_file", kind: "write", subject: { paths: ["linked.txt"] } }, rules);
    expect(linked).toMatchObject({ decision: "confirm", critical: true });
    expect(linked.reason).toBe("linked.txt has 2 hard links: the write replaces this name only, the other 1 keep the old content");
    expect(evaluateRules({ name: "edit_file", kind: "write", subject: { paths: ["plain.txt"] } }, rules).critical).toBeUndefined();
  });

  it("writes and edits replace the name: the other link keeps its content", async () => {
    const root = makeTree({});
    const outside = tempDir();
    writeFileSync(path.join(outside, "bashrc"), "original line\n");
    linkSync(path.join(outside, "bashrc"), path.join(root, "w.txt"));
    linkSync(path.join(outside, "bashrc"), path.join(root, "e.txt"));
    const jail = createJail(root, { home: tempDir() });
    await run(createWriteFileTool({ jail }), { path: "w.txt", content: "written\n" });
    await run(createEditFileTool({ jail }), { path: "e.txt", old_string: "original", new_string: "edited" });
    expect(readFileSync(path.join(root, "w.txt"), "utf8")).toBe("written\n");
    expect(readFileSync(path.join(root, "e.txt"), "utf8")).toBe("edited line\n");
    expect(readFileSync(path.join(outside, "bashrc"), "utf8")).toBe("original line\n");
  });
});

describe("critical files through symlinks", () => {
  it("a user allow rule never lets a write change a critical file by another name: a critical link to a plain file, a plain link to a critical file", () => {
    const root = makeTree({ "docs/ci.yml": "on: push\n", "docs/pkg.json": "{}\n", ".github/workflows/real.yml": "on: push\n", "docs/plain.md": "x\n" });
    symlinkSync("../../docs/ci.yml", path.join(root, ".github/workflows/ci.yml"));
    symlinkSync("docs/pkg.json", path.join(root, "package.json"));
    symlinkSync("../.github/workflows/real.yml", path.join(root, "docs/real.yml"));
    const jail = createJail(root, { home: tempDir() });
    const rules = {
      jail, isCriticalFile, criticalLink: (absolute: string) => criticalLinkTo(jail.root, absolute),
      matchUserRules: (tool: string, subject: string) => matchUserRules({ allow: ["write_file(docs/**)"] }, tool, subject),
    };
    const write = (target: string) => evaluateRules({ name: "write_file", kind: "write", subject: { paths: [target] } }, rules);
    expect(write("docs/ci.yml")).toMatchObject({ decision: "confirm", critical: true });
    expect(write("docs/ci.yml").reason).toContain(".github/workflows/ci.yml links to docs/ci.yml");
    expect(write("docs/pkg.json")).toMatchObject({ decision: "confirm", critical: true });
    expect(write("docs/real.yml")).toMatchObject({ decision: "confirm", critical: true });
    expect(write("docs/plain.md")).toMatchObject({ decision: "allow" });
    // A command writing it judges the same way, also outside the sandbox's read-only mounts.
    const criticalLink = rules.criticalLink;
    expect(classifyCommand("echo x > docs/ci.yml", { root, jail, sandbox: true, criticalLink })).toMatchObject({ decision: "confirm", critical: true });
    expect(classifyCommand("echo x > docs/real.yml", { root, jail, sandbox: true, criticalLink })).toMatchObject({ decision: "confirm", critical: true });
    expect(classifyCommand("echo x > docs/plain.md", { root, jail, sandbox: true, criticalLink }).critical).toBeUndefined();
  });
});

describe("atomic writes", () => {
  it("keeps the file's mode and leaves no temp file behind", async () => {
    const root = makeTree({ "run.sh": "echo old\n" });
    chmodSync(path.join(root, "run.sh"), 0o751);
    const jail = createJail(root, { home: tempDir() });
    await run(createWriteFileTool({ jail }), { path: "run.sh", content: "echo new\n" });
    expect(statSync(path.join(root, "run.sh")).mode & 0o777).toBe(0o751);
    expect(readdirSync(root)).toEqual(["run.sh"]);
  });

  it("refuses to rename when a symlink was swapped into the path mid-write, and writes nothing outside", async () => {
    const root = makeTree({ "sub/target.txt": "inside\n" });
    const outside = tempDir();
    const jail = createJail(root, { home: tempDir() });
    const absolute = jail.resolveWrite("sub/target.txt");
    // The re-check runs after the temp file is written: the moment a racing process would swap.
    const swap = () => {
      renameSync(path.join(root, "sub"), path.join(root, "sub-moved"));
      symlinkSync(outside, path.join(root, "sub"));
      return jail.resolveWrite("sub/target.txt");
    };
    await expect(writeFileAtomic(absolute, "payload\n", swap)).rejects.toBeInstanceOf(ToolError);
    expect(readdirSync(outside)).toEqual([]);
    expect(readFileSync(path.join(root, "sub-moved", "target.txt"), "utf8")).toBe("inside\n");
    // The temp file stays behind in the moved directory (its old path now leads outside, so
    // removing it by name is exactly what must not happen); the target is untouched.
    expect(readdirSync(path.join(root, "sub-moved")).filter((name) => !/^\.target\.txt\.[0-9a-f]+\.tmp$/.test(name))).toEqual(["target.txt"]);
  });

  it("writes and edits a file whose name is near NAME_MAX: the temp file's name is cut to fit", async () => {
    const long = `${"a".repeat(240)}.txt`;
    const wide = `${"é".repeat(125)}.md`; // 254 bytes
    const root = makeTree({ [long]: "long\n", [wide]: "wide\n" });
    const jail = createJail(root, { home: tempDir() });
    await run(createEditFileTool({ jail }), { path: long, old_string: "long", new_string: "edited" });
    await run(createWriteFileTool({ jail }), { path: wide, content: "written\n" });
    expect(readFileSync(path.join(root, long), "utf8")).toBe("edited\n");
    expect(readFileSync(path.join(root, wide), "utf8")).toBe("written\n");
    expect(readdirSync(root).sort()).toEqual([long, wide].sort());
  });

  it("a name over NAME_MAX is a tool error the model can act on, not a crash", async () => {
    const root = makeTree({ "d/x": "x" });
    const jail = createJail(root, { home: tempDir() });
    const error = await runError(createWriteFileTool({ jail }), { path: "b".repeat(256), content: "x" });
    expect(error).toMatch(/^path too long: a name in it is over 255 bytes/);
    expect(await runError(createEditFileTool({ jail }), { path: `d/${"c".repeat(300)}`, old_string: "a", new_string: "b" })).toMatch(/^path too long/);
    expect(readdirSync(root)).toEqual(["d"]);
    expect(readdirSync(path.join(root, "d"))).toEqual(["x"]);
  });

  // As root the edit can keep any owner; otherwise the file is the runner's own. Either way a
  // setuid bit stays only on a file whose owner was kept.
  it("keeps the owner, the group and the set-id bits of a file it rewrites", async () => {
    const root = makeTree({ "o.txt": "a\n" });
    const file = path.join(root, "o.txt");
    const asRoot = process.getuid?.() === 0;
    if (asRoot) chownSync(file, 1234, 2345);
    chmodSync(file, 0o6755);
    const before = statSync(file);
    await run(createEditFileTool({ jail: createJail(root, { home: tempDir() }) }), { path: "o.txt", old_string: "a", new_string: "b" });
    const after = statSync(file);
    expect(readFileSync(file, "utf8")).toBe("b\n");
    expect([after.uid, after.gid, after.mode & 0o7777]).toEqual([before.uid, before.gid, 0o6755]);
    if (asRoot) expect([after.uid, after.gid]).toEqual([1234, 2345]);
  });

  it("writes a new file in a new directory", async () => {
    const root = makeTree({});
    mkdirSync(path.join(root, "d"));
    const jail = createJail(root, { home: tempDir() });
    await writeFileAtomic(jail.resolveWrite("d/n.txt"), "n\n", () => jail.resolveWrite("d/n.txt"));
    expect(readFileSync(path.join(root, "d", "n.txt"), "utf8")).toBe("n\n");
  });
});
