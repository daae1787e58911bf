import { existsSync, mkdtempSync, realpathSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { answerByFlag } from "../../src/engine/approval/gate/flag-answerer.js";
import type { AgentEvent } from "../../src/engine/events.js";
import type { EngineSession } from "../../src/engine/surface.js";
import { FakeProvider } from "../../src/engine/llm/fake/fake.js";
import { INTERRUPTED_MESSAGE } from "../../src/engine/tools/command/run-command.js";
import { startEngine } from "../helpers/engine.js";
import { processAlive, waitFor } from "../helpers/processes.js";

describe("engine.interruptCommand", () => {
  // The command is bash (background job, $!) and the pid it prints is a POSIX one.
  it.skipIf(process.platform === "win32")("kills the running command's process tree and the turn goes on", async () => {
    const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "interrupt-")));
    const workspace = path.join(base, "ws");
    // A shell whose background job sleeps; it prints the sleeper's pid so the test can watch it.
    // The folder is made before the job starts (not inside it, where an early interrupt could
    // kill it first), so its existence proves the command ran.
    const command = "mkdir -p ws && { sleep 30 & echo sleeper=$! && wait; }";
    const events: AgentEvent[] = [];
    let sleeper = 0;
    let agent: EngineSession | undefined;
    const onEvent = (event: AgentEvent) => {
      events.push(event);
      if (event.type === "tool.output") {
        const match = /sleeper=(\d+)/.exec(event.chunk);
        if (match) {
          sleeper = Number(match[1]);
          setTimeout(() => expect(agent!.interruptCommand()).toBe(true), 50);
        }
      }
    };
    ({ engine: agent } = startEngine({
      home: path.join(base, "home"),
      cwd: base,
      provider: new FakeProvider({ turns: [{ tool_calls: [{ name: "run_command", arguments: { command } }] }, { text: "carried on" }] }),
      listener: onEvent,
    }));
    answerByFlag(agent, true);
    agent.submit("run the slow thing");
    const outcome = await agent.idle();
    await agent.shutdown();

    expect(sleeper).toBeGreaterThan(0);
    await waitFor(() => !processAlive(sleeper), 10_000, "the sleeper to die");
    expect(existsSync(workspace)).toBe(true);
    const result = events.find((event) => event.type === "tool.result");
    expect(result).toMatchObject({ isError: true, content: expect.stringContaining(INTERRUPTED_MESSAGE) });
    expect(outcome).toEqual({ stopReason: "completed", rounds: 2 });
    expect(events.some((event) => event.type === "assistant.delta" && event.text.includes("carried"))).toBe(true);
    expect(agent.interruptCommand()).toBe(false);
  });
});
