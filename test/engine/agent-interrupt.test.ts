import { existsSync, mkdtempSync, realpathSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createAgent } from "../../src/engine/agent.js";
import type { AgentEvent } from "../../src/engine/events.js";
import { FakeProvider } from "../../src/engine/llm/fake.js";
import { openSession } from "../../src/engine/open-session.js";
import { INTERRUPTED_MESSAGE } from "../../src/engine/tools/run-command.js";
import { processAlive, waitFor } from "../helpers/processes.js";

describe("agent.interruptCommand", () => {
  // The command is bash (background job, $!) and the pid it prints is a POSIX one.
  it.skipIf(process.platform === "win32")("kills the running command's process tree and the turn goes on", async () => {
    const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "interrupt-")));
    const workspace = path.join(base, "ws");
    const session = openSession({ home: path.join(base, "home"), cwd: base, choice: { mode: "new" }, warn: () => {} });
    // A shell whose grandchild sleeps; it prints the grandchild's pid so the test can watch it.
    const command = "mkdir -p ws && sleep 30 & echo sleeper=$! && wait";
    const agent = createAgent({
      session,
      cwd: base,
      provider: new FakeProvider({ turns: [{ tool_calls: [{ name: "run_command", arguments: { command } }] }, { text: "carried on" }] }),
      approver: async () => ({ decision: "allow", by: "user" }),
      systemPrompt: () => "test",
      warn: () => {},
    });
    const events: AgentEvent[] = [];
    let sleeper = 0;
    session.bus.subscribe((event) => {
      events.push(event);
      if (event.type === "tool.output") {
        const match = /sleeper=(\d+)/.exec(event.chunk);
        if (match) {
          sleeper = Number(match[1]);
          setTimeout(() => expect(agent.interruptCommand()).toBe(true), 50);
        }
      }
    });
    const outcome = await agent.runTurn("run the slow thing", new AbortController().signal);
    await agent.close();

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
