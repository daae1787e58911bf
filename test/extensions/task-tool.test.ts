import { describe, expect, it } from "vitest";
import { createTaskTool, type SubagentRequest } from "../../src/engine/extensions/subagents/task-tool.js";
import { waitFor } from "../helpers/processes.js";

describe("task tool", () => {
  it("runs at most `cap` subagents at once; the rest wait for a free slot", async () => {
    const running: { request: SubagentRequest; finish(): void }[] = [];
    let peak = 0;
    const tool = createTaskTool(
      {
        run: (request) =>
          new Promise((resolve) => {
            running.push({ request, finish: () => resolve({ report: `done ${request.prompt}`, isError: false }) });
            peak = Math.max(peak, running.length);
          }),
      },
      { cap: 2 },
    );
    const signal = new AbortController().signal;
    const calls = ["a", "b", "c"].map((prompt, index) => tool.execute({ description: prompt, prompt, kind: "explore" }, { signal, callId: `call-${index}` }));
    await waitFor(() => running.length === 2, 5_000, "two subagents to start");
    expect(running.map((entry) => entry.request.prompt)).toEqual(["a", "b"]);
    running.shift()!.finish();
    await waitFor(() => running.some((entry) => entry.request.prompt === "c"), 5_000, "the third to start");
    for (const entry of running.splice(0)) entry.finish();
    expect((await Promise.all(calls)).map((result) => result.content)).toEqual(["done a", "done b", "done c"]);
    expect(peak).toBe(2);
  });

  it("a waiting subagent gives up its place when the turn is aborted", async () => {
    const finishers: (() => void)[] = [];
    const tool = createTaskTool({ run: () => new Promise((resolve) => finishers.push(() => resolve({ report: "ok", isError: false }))) }, { cap: 1 });
    const first = tool.execute({ description: "x", prompt: "x", kind: "explore" }, { signal: new AbortController().signal, callId: "c1" });
    const controller = new AbortController();
    const second = tool.execute({ description: "y", prompt: "y", kind: "explore" }, { signal: controller.signal, callId: "c2" });
    await waitFor(() => finishers.length === 1, 5_000, "the first subagent");
    controller.abort();
    await expect(second).rejects.toThrow("aborted");
    finishers[0]!();
    expect((await first).content).toBe("ok");
  });
});
