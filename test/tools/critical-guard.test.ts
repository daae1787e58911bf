// The check around a command that runs without a question, on real files and without a
// sandbox: the test does to the tree what a sandboxed command still can (create files, rename
// a parent folder, write through a second hard link, swap a symlink), and the check puts the
// critical files back. What the sandbox would have stopped (an in-place write to a file it
// mounted read-only) came from elsewhere and is left alone. The sandbox itself:
// test/sandbox/critical-readonly.test.ts.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCriticalGuard, UNDONE_HEADER } from "../../src/engine/sandbox/critical-guard.js";
import { ToolError } from "../../src/engine/tools/tool.js";

let base: string;
let root: string;
let aside: string;

function write(relative: string, content: string): void {
  mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  writeFileSync(path.join(root, relative), content);
}
const read = (relative: string) => readFileSync(path.join(root, relative), "utf8");
const exists = (relative: string) => existsSync(path.join(root, relative));

beforeEach(() => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "critical-guard-")));
  root = path.join(base, "ws");
  aside = path.join(base, "undone");
  mkdirSync(root);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

// Windows has no sandbox, so nothing runs this check there.
describe.skipIf(process.platform === "win32")("the check after a command that ran without a question", () => {
  it("lists what to mount read-only: critical files at any depth, critical folders whole, .git whole, not node_modules", () => {
    write("package.json", "{}");
    write("packages/a/package.json", "{}");
    write("packages/a/src/index.ts", "");
    write(".github/workflows/ci.yml", "on: push");
    write("node_modules/x/package.json", "{}");
    write(".git/hooks/pre-commit", "");
    write("src/tsconfig.build.json", "{}");
    const guard = createCriticalGuard({ root, protectedPaths: [path.join(root, "scripts/hook.sh"), "/elsewhere/hook.sh"] });
    const { protection, finish } = guard.begin();
    expect([...protection.readOnly].sort()).toEqual(
      [".git", ".github", "package.json", "packages/a/package.json", "src/tsconfig.build.json"].map((relative) => path.join(root, relative)),
    );
    expect(protection.denyRegexes.length).toBeGreaterThan(40);
    expect(finish()).toEqual([]);
  });

  it("moves out what appeared, keeping it outside the workspace, and says so", () => {
    write("src/a.ts", "a");
    const { finish } = createCriticalGuard({ root, asideDir: aside }).begin();
    write(".agents/skills/evil/SKILL.md", "evil");
    write("deep/er/package.json", "{}");
    write("src/b.ts", "b");
    const lines = finish();
    expect(lines[0]).toBe(UNDONE_HEADER);
    expect(lines).toContain(`  removed .agents (kept in ${path.join(aside, "1", ".agents")})`);
    expect(lines).toContain(`  removed deep/er/package.json (kept in ${path.join(aside, "2", "deep/er/package.json")})`);
    expect(exists(".agents")).toBe(false);
    expect(exists("deep/er/package.json")).toBe(false);
    expect(read("src/b.ts")).toBe("b");
    expect(readFileSync(path.join(aside, "1", ".agents/skills/evil/SKILL.md"), "utf8")).toBe("evil");
  });

  it("deletes instead of keeping when the keeping place is inside the workspace", () => {
    const { finish } = createCriticalGuard({ root, asideDir: path.join(root, ".tasks", "undone") }).begin();
    write("AGENTS.md", "planted");
    expect(finish()).toEqual([UNDONE_HEADER, "  removed AGENTS.md"]);
    expect(exists(".tasks")).toBe(false);
    expect(exists("AGENTS.md")).toBe(false);
  });

  it("puts back a file whose parent folder was renamed, and removes the moved original", () => {
    write("sub/pkg/package.json", '{"name":"real"}');
    const { finish } = createCriticalGuard({ root, asideDir: aside }).begin();
    renameSync(path.join(root, "sub"), path.join(root, "old"));
    symlinkSync("/etc", path.join(root, "sub"));
    const lines = finish();
    expect(lines).toContain("  put back sub/pkg/package.json (it had been removed)");
    expect(lines.some((line) => line.startsWith("  removed old/pkg/package.json"))).toBe(true);
    expect(read("sub/pkg/package.json")).toBe('{"name":"real"}');
    expect(existsSync("/etc/pkg/package.json")).toBe(false);
  });

  it("puts back a file changed through a second hard link, and a swapped critical symlink", () => {
    write("package.json", '{"name":"real"}');
    write("docs/guide.md", "guide");
    linkSync(path.join(root, "package.json"), path.join(root, "twin"));
    symlinkSync("docs/guide.md", path.join(root, "CLAUDE.md"));
    const { finish } = createCriticalGuard({ root }).begin();
    writeFileSync(path.join(root, "twin"), "evil");
    rmSync(path.join(root, "CLAUDE.md"));
    writeFileSync(path.join(root, "CLAUDE.md"), "evil");
    const lines = finish();
    expect(lines).toEqual([UNDONE_HEADER, "  restored CLAUDE.md", "  restored package.json"]);
    expect(read("package.json")).toBe('{"name":"real"}');
    expect(read("CLAUDE.md")).toBe("guide");
  });

  it("leaves a change the sandbox would have stopped: it came from elsewhere (an editor, an approved command)", () => {
    write("package.json", '{"name":"real"}');
    write(".github/workflows/ci.yml", "on: push");
    const { finish } = createCriticalGuard({ root }).begin();
    writeFileSync(path.join(root, "package.json"), '{"name":"edited"}');
    write(".github/workflows/new.yml", "on: pull_request");
    expect(finish()).toEqual([]);
    expect(read("package.json")).toBe('{"name":"edited"}');
    expect(read(".github/workflows/new.yml")).toBe("on: pull_request");
  });

  it("removes what a dangling critical symlink would now show", () => {
    symlinkSync("notes/agents.md", path.join(root, "AGENTS.md"));
    const { protection, finish } = createCriticalGuard({ root }).begin();
    expect(protection.readOnly).toEqual([]);
    write("notes/agents.md", "planted");
    expect(finish()).toEqual([UNDONE_HEADER, "  removed notes/agents.md"]);
    expect(exists("notes/agents.md")).toBe(false);
  });

  it("looks inside a folder the command made unreadable, giving its owner read access back", () => {
    // Root reads every folder whatever its mode, so as root the check runs as another account, in a child process on the built code.
    const guardModule = pathToFileURL(path.join(process.cwd(), "dist", "engine", "sandbox", "critical-guard.js")).href;
    const script = `
      import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
      import { createCriticalGuard } from ${JSON.stringify(guardModule)};
      const root = ${JSON.stringify(root)};
      mkdirSync(root + "/keep/secret", { recursive: true });
      chmodSync(root + "/keep/secret", 0o000); // unreadable before the command: left as it is
      const { finish } = createCriticalGuard({ root }).begin();
      mkdirSync(root + "/hidden");
      writeFileSync(root + "/hidden/package.json", "{}");
      chmodSync(root + "/hidden", 0o300);
      console.log(JSON.stringify({ lines: finish(), planted: existsSync(root + "/hidden/package.json") }));
      chmodSync(root + "/keep/secret", 0o700);`;
    const asRoot = process.getuid?.() === 0;
    if (asRoot) for (const folder of [base, root]) chmodSync(folder, 0o777);
    const asAnother = asRoot ? { uid: 65534, gid: 65534 } : {};
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", ...asAnother });
    expect(child.stderr).toBe("");
    expect(JSON.parse(child.stdout)).toEqual({
      lines: [UNDONE_HEADER, "  removed hidden/package.json", "  made hidden readable again to look inside it"],
      planted: false,
    });
  });

  it("guards a protected path that does not exist yet", () => {
    const { finish } = createCriticalGuard({ root, protectedPaths: [path.join(root, "hooks/start.sh")] }).begin();
    write("hooks/start.sh", "evil");
    write("hooks/other.sh", "fine");
    expect(finish()).toEqual([UNDONE_HEADER, "  removed hooks/start.sh"]);
    expect(read("hooks/other.sh")).toBe("fine");
  });

  it("refuses, saying why, a workspace too large to list before every command", () => {
    for (let i = 0; i < 30; i++) write(`src/f${i}.ts`, "");
    const guard = createCriticalGuard({ root, limits: { entries: 20, critical: 100 } });
    expect(() => guard.begin()).toThrow(ToolError);
    expect(() => guard.begin()).toThrow(/more than 20 files outside node_modules and \.git, too many to check/);
    for (let i = 0; i < 3; i++) write(`p${i}/package.json`, "{}");
    expect(() => createCriticalGuard({ root, limits: { entries: 1000, critical: 2 } }).begin()).toThrow(/more than 2 critical files/);
  });
});
