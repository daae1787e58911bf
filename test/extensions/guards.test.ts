import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileGuards, validateGuardPlugin } from "../../src/engine/guards/guard-plugin.js";
import { GuardPluginError, loadGuardPlugins } from "../../src/engine/guards/load-guards.js";
import { compileWildcard } from "../../src/engine/guards/wildcard.js";

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

  it("loads plugins from the project and the agent home; a broken file stops start-up naming it", () => {
    const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "guards-")));
    const workspace = path.join(base, "ws");
    const home = path.join(base, "home");
    mkdirSync(path.join(workspace, ".agents", "guards"), { recursive: true });
    mkdirSync(path.join(home, "guards"), { recursive: true });
    writeFileSync(path.join(workspace, ".agents", "guards", "project.json"), JSON.stringify({ name: "project", rules: [{ tool: "a", reason: "r" }] }));
    writeFileSync(path.join(home, "guards", "user.json"), JSON.stringify({ name: "user", rules: [{ tool: "b", reason: "r" }] }));
    writeFileSync(path.join(home, "guards", "notes.txt"), "not a plugin");
    expect(loadGuardPlugins({ workspace, home }).map((p) => p.name)).toEqual(["project", "user"]);

    writeFileSync(path.join(home, "guards", "broken.json"), "{ nope");
    expect(() => loadGuardPlugins({ workspace, home })).toThrow(GuardPluginError);
    expect(() => loadGuardPlugins({ workspace, home })).toThrow(path.join(home, "guards", "broken.json"));
    expect(loadGuardPlugins({ workspace: path.join(base, "none"), home: path.join(base, "none") })).toEqual([]);
  });
});
