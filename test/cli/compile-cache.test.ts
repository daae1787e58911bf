// Node >= 22.1 keeps V8's compiled code of the CLI's modules in the agent home (ADR 0024);
// Node 20 has no compile cache for ES modules, and then nothing is written there.
import { existsSync, readdirSync } from "node:fs";
import module from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";

const hasCompileCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === "function";

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe("compile cache", () => {
  it(`the demo ${hasCompileCache ? "leaves compiled code in" : "writes nothing to"} <home>/compile-cache on Node ${process.versions.node}`, async () => {
    const box = makeSandbox();
    const run = await runCli(["-p", "run the demo", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home } });
    expect(run.code, run.stderr).toBe(0);
    const cached = filesUnder(path.join(box.home, "compile-cache"));
    if (hasCompileCache) expect(cached.length).toBeGreaterThan(0);
    else expect(cached).toEqual([]);
    // A second run starts from that cache and behaves the same.
    const again = await runCli(["-p", "run the demo", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home } });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(run.stdout);
  });

  it("a MINI_AGENT_HOME inside the workspace gets no cache written before the CLI refuses it", async () => {
    const box = makeSandbox();
    const inside = path.join(box.workspace, "agent-home");
    const run = await runCli(["-p", "run the demo", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: inside } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("is inside the workspace");
    expect(existsSync(inside)).toBe(false);
  });
});
