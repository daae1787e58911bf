// A face that can ask (the TUI) is asked before a project's hooks run; the answer decides.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openEngine } from "../../src/bootstrap.js";
import { buildCliOptions } from "../../src/config/cli-options.js";
import { makeSandbox } from "../helpers/run-cli.js";

function projectWithHook() {
  const box = makeSandbox();
  const marker = path.join(box.home, "hook-ran");
  const hook = path.join(box.home, "start.mjs");
  writeFileSync(hook, `import { writeFileSync } from "node:fs"; writeFileSync(${JSON.stringify(marker)}, "yes");`);
  const command = `"${process.execPath}" "${hook}"`;
  writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: "command", command }] }] } }));
  return { box, marker, command };
}

async function open(box: ReturnType<typeof makeSandbox>, answer: boolean, asked: string[]) {
  const engine = await openEngine(buildCliOptions({}, "hi"), {
    version: "test",
    cwd: box.workspace,
    env: { MINI_AGENT_HOME: box.home, FAKE_LLM: "1", PATH: process.env.PATH ?? "" },
    askTrust: async (question) => {
      asked.push(question);
      return answer;
    },
  });
  await engine.shutdown();
}

describe("asking to trust a project", () => {
  it("shows what would run; a no runs nothing and is asked again next time", async () => {
    const { box, marker, command } = projectWithHook();
    const asked: string[] = [];
    await open(box, false, asked);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain(`hooks.SessionStart: run ${command}`);
    expect(existsSync(marker)).toBe(false);
    await open(box, false, asked);
    expect(asked).toHaveLength(2);
  });

  it("a yes runs the hooks now and is remembered", async () => {
    const { box, marker } = projectWithHook();
    const asked: string[] = [];
    await open(box, true, asked);
    expect(existsSync(marker)).toBe(true);
    await open(box, true, asked);
    expect(asked).toHaveLength(1);
  });
});
