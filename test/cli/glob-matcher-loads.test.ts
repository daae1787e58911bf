// picomatch loads on first use (docs/adr/0028-glob-matcher-loads-on-first-use.md): the demo
// and a resume never load it; a run whose glob tool, grep include or path user rule is
// exercised does, and still gets the right answer. Recorded by the module probe
// (test/helpers/module-probe.cjs) in the real CLI child, as in loaded-modules.test.ts.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourcesOf } from "../helpers/bundle-graph.js";
import { moduleProbe } from "../helpers/module-probe-env.js";
import { makeSandbox, runCli, type Sandbox } from "../helpers/run-cli.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
function probe(): { env: Record<string, string>; sources: () => string[] } {
  const { env, loaded } = moduleProbe();
  return { env, sources: () => loaded().filter((file) => path.relative(root, file).startsWith("dist")).flatMap(sourcesOf) };
}

const PICOMATCH = "node_modules/picomatch/lib/picomatch.js";

/** A FAKE_LLM script: one turn of tool calls, then a text quoting the last tool result. */
function scripted(box: Sandbox, calls: { name: string; arguments: Record<string, unknown> }[]): string {
  return box.script({ turns: [{ tool_calls: calls }, { text: "result: {{last_result}}" }] });
}

describe("the glob matcher loads on first use", () => {
  it("the FAKE_LLM demo and a -p -c resume of it never load picomatch", async () => {
    const box = makeSandbox();
    const demo = probe();
    const first = await runCli(["-p", "run the demo", "--yes"], { cwd: box.workspace, env: { ...demo.env, FAKE_LLM: "1", MINI_AGENT_HOME: box.home } });
    expect(first.code, first.stderr).toBe(0);
    expect(readFileSync(path.join(box.workspace, "demo", "notes.md"), "utf8")).toContain("mini-agent wrote this file");
    // The probe saw the bundle (so an empty list is not a blind probe), but no picomatch.
    expect(demo.sources()).toContain("src/cli.ts");
    expect(demo.sources()).not.toContain(PICOMATCH);

    const resume = probe();
    const second = await runCli(["-p", "and again", "-c"], {
      cwd: box.workspace,
      env: { ...resume.env, FAKE_LLM: box.script({ turns: [{ text: "second answer" }] }), MINI_AGENT_HOME: box.home },
    });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain("second answer");
    expect(resume.sources()).toContain("src/cli.ts");
    expect(resume.sources()).not.toContain(PICOMATCH);
  });

  it("a glob tool call loads it and finds the files", async () => {
    const box = makeSandbox();
    mkdirSync(path.join(box.workspace, "src", "deep"), { recursive: true });
    writeFileSync(path.join(box.workspace, "src", "deep", "found-me.ts"), "x");
    writeFileSync(path.join(box.workspace, "src", "skip-me.js"), "x");
    const loads = probe();
    const run = await runCli(["-p", "find"], {
      cwd: box.workspace,
      env: { ...loads.env, FAKE_LLM: scripted(box, [{ name: "glob", arguments: { pattern: "*.ts" } }]), MINI_AGENT_HOME: box.home },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("found-me.ts");
    expect(run.stdout).not.toContain("skip-me.js");
    expect(loads.sources()).toContain(PICOMATCH);
  });

  it("a grep with an include filter loads it and filters by it", async () => {
    const box = makeSandbox();
    writeFileSync(path.join(box.workspace, "kept.md"), "needle here\n");
    writeFileSync(path.join(box.workspace, "dropped.txt"), "needle there\n");
    const loads = probe();
    const run = await runCli(["-p", "search"], {
      cwd: box.workspace,
      env: { ...loads.env, FAKE_LLM: scripted(box, [{ name: "grep", arguments: { pattern: "needle", include: "*.md" } }]), MINI_AGENT_HOME: box.home },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("kept.md:1: needle here");
    expect(run.stdout).not.toContain("dropped.txt");
    expect(loads.sources()).toContain(PICOMATCH);
  });

  it("a write judged by path user rules loads it: the allow rule lets one write through, the deny rule stops the other", async () => {
    const box = makeSandbox();
    writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ permissions: { allow: ["write_file(notes/**)"], deny: ["write_file(src/**)"] } }));
    const loads = probe();
    const script = box.script({
      turns: [
        { tool_calls: [{ name: "write_file", arguments: { path: "notes/a/today.md", content: "allowed\n" } }] },
        { tool_calls: [{ name: "write_file", arguments: { path: "src/evil.ts", content: "denied\n" } }] },
        { text: "result: {{last_result}}" },
      ],
    });
    // No --yes: only the allow rule can let the first write through in print mode.
    const run = await runCli(["-p", "write"], { cwd: box.workspace, env: { ...loads.env, FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(path.join(box.workspace, "notes", "a", "today.md"), "utf8")).toBe("allowed\n");
    expect(existsSync(path.join(box.workspace, "src", "evil.ts"))).toBe(false);
    expect(run.stdout).toContain("denied by a rule in your configuration");
    expect(loads.sources()).toContain(PICOMATCH);
  });

  it("a config with path rules but no call of their tool never loads it", async () => {
    const box = makeSandbox();
    writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify({ permissions: { deny: ["edit_file(src/**)"] } }));
    const loads = probe();
    const run = await runCli(["-p", "run the demo", "--yes"], { cwd: box.workspace, env: { ...loads.env, FAKE_LLM: "1", MINI_AGENT_HOME: box.home } });
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(path.join(box.workspace, "demo", "notes.md"))).toBe(true);
    expect(loads.sources()).toContain("src/engine/approval/user-rules.ts");
    expect(loads.sources()).not.toContain(PICOMATCH);
  });

  it("an empty path pattern in a rule is a config error naming the file and the rule", async () => {
    const box = makeSandbox();
    const config = path.join(box.home, "config.json");
    writeFileSync(config, JSON.stringify({ permissions: { allow: ["write_file( )"] } }));
    const run = await runCli(["-p", "run the demo", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${config}: "permissions.allow" rule "write_file( )": "write_file( )" is not a rule: write tool or tool(pattern)`);
    expect(existsSync(path.join(box.workspace, "demo"))).toBe(false);
  });
});
