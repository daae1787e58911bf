import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileGuards, validateGuardPlugin } from "../../src/engine/extensions/guards/guard-plugin.js";
import { GuardPluginError, loadGuardPlugins } from "../../src/engine/extensions/guards/load-guards.js";
import { compileWildcard } from "../../src/engine/extensions/guards/wildcard.js";

describe("wildcards", () => {
  it.each([
    ["kubectl *prod*", "kubectl --context prod apply", true],
    ["kubectl *prod*", "kubectl --context staging apply", false],
    ["*", "", true],
    ["a?c", "abc", true],
    ["a?c", "ac", false],
    ["migrations/*", "migrations/sub/001.sql", true],
    ["exact", "exact ", false],
    ["*.env", "config/.env", true],
    ["(x)[y]+{z}", "(x)[y]+{z}", true],
  ])("%s against %j is %s", (pattern, text, expected) => {
    expect(compileWildcard(pattern)(text)).toBe(expected);
  });

  it("folds case only when asked", () => {
    expect(compileWildcard("*DROP TABLE*")("drop table users")).toBe(false);
    expect(compileWildcard("*DROP TABLE*", true)("drop table users")).toBe(true);
  });

  it("stays fast on a pathological pattern (no exponential backtracking)", () => {
    const match = compileWildcard(`${"*a".repeat(20)}*b`);
    // With a backtracking regex this input takes longer than the test deadline; here it is O(n·m).
    expect(match("a".repeat(5000))).toBe(false);
  });
});

describe("guard plugins", () => {
  const plugin = {
    name: "house-rules",
    rules: [
      { tool: "run_command", args: { command: ["*kubectl*prod*", "*terraform apply*"] }, reason: "production changes go through CI" },
      { tool: "write_file", args: { path: "migrations/*" }, reason: "migrations are generated" },
      { tool: "mcp__db__*", reason: "the database server is read through the CLI only" },
      { tool: "edit_file", args: { path: "*.lock", replace_all: "true" }, reason: "no bulk lockfile edits" },
    ],
  };

  it("refuses a call when the tool and every argument pattern match, first rule wins", () => {
    const checked = validateGuardPlugin(plugin);
    if ("problem" in checked) throw new Error(checked.problem);
    const evaluate = compileGuards([checked.plugin]);
    expect(evaluate({ name: "run_command", input: { command: "kubectl --context prod delete pod x" } })).toEqual({
      plugin: "house-rules",
      reason: "production changes go through CI",
    });
    expect(evaluate({ name: "run_command", input: { command: "cd infra && terraform apply -auto-approve" } })?.reason).toBe("production changes go through CI");
    expect(evaluate({ name: "run_command", input: { command: "kubectl get pods" } })).toBeUndefined();
    expect(evaluate({ name: "write_file", input: { path: "migrations/001.sql", content: "" } })?.reason).toBe("migrations are generated");
    expect(evaluate({ name: "write_file", input: { path: "src/migrations.ts" } })).toBeUndefined();
    expect(evaluate({ name: "mcp__db__query", input: {} })?.plugin).toBe("house-rules");
    expect(evaluate({ name: "edit_file", input: { path: "a.lock", replace_all: true } })?.reason).toBe("no bulk lockfile edits");
    expect(evaluate({ name: "edit_file", input: { path: "a.lock" } })).toBeUndefined();
  });

  it.each([
    [[], /a guard plugin is a JSON object/],
    [{ name: "Bad Name", rules: [] }, /"name" must be/],
    [{ name: "x", rules: [] }, /"rules" must be a non-empty array/],
    [{ name: "x", rules: [{ tool: "run_command" }] }, /rules\[0\]\.reason must say why/],
    [{ name: "x", rules: [{ tool: "", reason: "r" }] }, /rules\[0\]\.tool must be/],
    [{ name: "x", rules: [{ tool: "t", reason: "r", args: { command: [] } }] }, /rules\[0\]\.args\.command must be a pattern/],
    [{ name: "x", rules: [{ tool: "t", reason: "r", run: "rm -rf /" }] }, /rules\[0\] has unknown field "run"/],
    [{ name: "x", rules: [{ tool: "t", reason: "r" }], script: "evil.js" }, /unknown field "script"/],
  ])("rejects %j", (value, problem) => {
    const checked = validateGuardPlugin(value);
    expect("problem" in checked && checked.problem).toMatch(problem);
  });

  it("loads plugins from the agent home, and the project's once it is trusted; a broken user file stops start-up naming it", () => {
    const { workspace, home, base } = guardRoots();
    writeFileSync(path.join(workspace, ".agents", "guards", "project.json"), JSON.stringify({ name: "project", rules: [{ tool: "a", reason: "r" }] }));
    writeFileSync(path.join(home, "guards", "user.json"), JSON.stringify({ name: "user", rules: [{ tool: "b", reason: "r" }] }));
    writeFileSync(path.join(home, "guards", "notes.txt"), "not a plugin");
    expect(loadGuardPlugins({ workspace, home })).toEqual({ plugins: [expect.objectContaining({ name: "user" })], notices: [] });
    expect(loadGuardPlugins({ workspace, home, projectTrusted: true })).toEqual({ plugins: [expect.objectContaining({ name: "project" }), expect.objectContaining({ name: "user" })], notices: [] });

    writeFileSync(path.join(home, "guards", "broken.json"), "{ nope");
    expect(() => loadGuardPlugins({ workspace, home })).toThrow(GuardPluginError);
    expect(() => loadGuardPlugins({ workspace, home })).toThrow(path.join(home, "guards", "broken.json"));
    expect(loadGuardPlugins({ workspace: path.join(base, "none"), home: path.join(base, "none") })).toEqual({ plugins: [], notices: [] });
  });

  it("a broken project plugin is a notice naming the file, and the others still load", () => {
    const { workspace, home } = guardRoots();
    const dir = path.join(workspace, ".agents", "guards");
    writeFileSync(path.join(dir, "a-broken.json"), "{ nope");
    writeFileSync(path.join(dir, "b-invalid.json"), JSON.stringify({ name: "x", rules: [{ tool: "t" }] }));
    writeFileSync(path.join(dir, "c-good.json"), JSON.stringify({ name: "good", rules: [{ tool: "a", reason: "r" }] }));
    const loaded = loadGuardPlugins({ workspace, home, projectTrusted: true });
    expect(loaded.plugins.map((p) => p.name)).toEqual(["good"]);
    expect(loaded.notices).toEqual([
      expect.stringMatching(new RegExp(`^guard plugin ${escape(path.join(dir, "a-broken.json"))}: .*JSON.*; skipped, so its refusals are not in force this session$`)),
      `guard plugin ${path.join(dir, "b-invalid.json")}: rules[0].reason must say why the call is refused; skipped, so its refusals are not in force this session`,
    ]);
  });

  it.skipIf(process.platform === "win32")("a project plugin linked out of the workspace, a FIFO or an oversized one is skipped; the user's stop start-up", () => {
    const { workspace, home, base } = guardRoots();
    const dir = path.join(workspace, ".agents", "guards");
    writeFileSync(path.join(base, "outside.json"), JSON.stringify({ name: "outside", rules: [{ tool: "a", reason: "r" }] }));
    symlinkSync(path.join(base, "outside.json"), path.join(dir, "link.json"));
    execFileSync("mkfifo", [path.join(dir, "pipe.json")]);
    writeFileSync(path.join(dir, "zz-big.json"), "");
    truncateSync(path.join(dir, "zz-big.json"), 50 * 1024 * 1024);
    const loaded = loadGuardPlugins({ workspace, home, projectTrusted: true });
    expect(loaded.plugins).toEqual([]);
    expect(loaded.notices).toEqual([
      expect.stringContaining(`guard plugin ${path.join(dir, "link.json")}: resolves through a symlink to ${path.join(base, "outside.json")}, outside the workspace`),
      expect.stringContaining(`guard plugin ${path.join(dir, "pipe.json")}: is a FIFO, not a regular file`),
      expect.stringContaining(`guard plugin ${path.join(dir, "zz-big.json")}: is 52428800 bytes; at most 256000 bytes are read`),
    ]);

    execFileSync("mkfifo", [path.join(home, "guards", "pipe.json")]);
    expect(() => loadGuardPlugins({ workspace, home })).toThrow(`guard plugin ${path.join(home, "guards", "pipe.json")}: is a FIFO, not a regular file`);
  });
});

function guardRoots(): { workspace: string; home: string; base: string } {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "guards-")));
  const workspace = path.join(base, "ws");
  const home = path.join(base, "home");
  mkdirSync(path.join(workspace, ".agents", "guards"), { recursive: true });
  mkdirSync(path.join(home, "guards"), { recursive: true });
  return { workspace, home, base };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
