// Footer and spinner from events, on a virtual terminal.
import { describe, expect, it } from "vitest";
import { Footer } from "../../src/tui/components/chrome/footer.js";
import { Spinner } from "../../src/tui/components/chrome/spinner.js";
import { StatusController } from "../../src/tui/controllers/status-controller.js";
import { event, mount, plainTheme } from "./harness.js";

function setup() {
  const theme = plainTheme();
  const footer = new Footer(theme, { model: "", thinking: "default", cwd: "/work/project", branch: "main", contextTokens: 0, backgroundTasks: 0, contextWindow: 200_000 });
  const { terminal, tui } = mount([], 120, 12);
  const spinner = new Spinner(theme, () => tui.requestRender());
  tui.addChild(spinner);
  tui.addChild(footer);
  const status = new StatusController(footer, spinner);
  const feed = (e: ReturnType<typeof event>, replay = false) => {
    status.onEvent(e, replay);
    tui.requestRender();
  };
  return { terminal, feed, spinner };
}

describe("status line", () => {
  it("model, thinking, context and cost, directory and branch", async () => {
    const { terminal, feed } = setup();
    feed(event("session.started", { sessionId: "s", cwd: "/work/project", provider: "openai", model: "gpt-test", resumed: false }));
    feed(event("thinking.changed", { level: "high" }));
    feed(event("usage", { inputTokens: 40_000, outputTokens: 10, cacheReadTokens: 10_000, costUsd: 0.0123 }));
    feed(event("usage", { inputTokens: 50_000, outputTokens: 10, costUsd: 0.02 }));
    await terminal.waitForText("gpt-test · thinking high · ctx 50k/200k (25%) · $0.0323 · /work/project (main)");
  });

  it("no cost is named before the first reply; then the sum, or $— for a model without a price", async () => {
    const { terminal, feed } = setup();
    feed(event("session.started", { sessionId: "s", cwd: "/work/project", provider: "openai", model: "gpt-test", resumed: false }));
    await terminal.waitForText("gpt-test · thinking default · ctx 0/200k (0%) · /work/project (main)");
    expect(terminal.screenText()).not.toContain("$");
    feed(event("usage", { inputTokens: 1000, outputTokens: 10 }));
    await terminal.waitForText("ctx 1.0k/200k (1%) · $— · /work/project (main)");
    const priced = setup();
    priced.feed(event("usage", { inputTokens: 1000, outputTokens: 10, costUsd: 0.001 }));
    await priced.terminal.waitForText("ctx 1.0k/200k (1%) · $0.0010 · /work/project (main)");
  });

  it("a subagent's usage adds to the cost but not to this conversation's context", async () => {
    const { terminal, feed } = setup();
    feed(event("usage", { inputTokens: 40_000, outputTokens: 10, costUsd: 0.01 }));
    feed({ ...event("usage", { inputTokens: 150_000, outputTokens: 10, costUsd: 0.02 }), agentId: "explore-1", parentCallId: "c1" } as never);
    await terminal.waitForText("ctx 40k/200k (20%) · $0.0300");
  });

  it("spinner while waiting, retry countdown, command running; notices as a dim line", async () => {
    const { terminal, feed, spinner } = setup();
    feed(event("turn.started", { turnId: "t", prompt: "x" }));
    await terminal.waitForText("waiting for the model");
    feed(event("retry", { attempt: 1, delayMs: 4000, reason: "429" }));
    await terminal.waitForText("retrying in 4s (429)");
    feed(event("assistant.delta", { text: "hi" }));
    await terminal.waitForScreen((s) => !s.includes("retrying") && s.includes("the model is writing"), "the spinner to say the answer is streaming");
    feed(event("question.asked", { id: "q", question: "which?", multiple: false }));
    await terminal.waitForScreen((s) => !s.includes("the model is writing"), "the spinner to stop while the person is asked");
    feed(event("tool.call", { callId: "c", name: "run_command", arguments: '{"command":"make"}' }));
    feed(event("approval.decision", { callId: "c", name: "run_command", decision: "allow", by: "rule", reason: "ok" }));
    await terminal.waitForText("running the command (ctrl-c stops it)");
    feed(event("notice", { level: "warn", message: "sandbox is off: bubblewrap is not installed" }));
    await terminal.waitForText("sandbox is off: bubblewrap is not installed");
    feed(event("turn.ended", { turnId: "t", stopReason: "completed", rounds: 1 }));
    expect(spinner.running).toBe(false);
  });

  it("a replayed notice is not shown; a live one stays until the next prompt or /clear", async () => {
    const { terminal, feed } = setup();
    feed(event("notice", { level: "warn", message: "from an earlier run" }), true);
    feed(event("notice", { level: "error", message: "first line\nsecond line" }));
    await terminal.waitForText("second line");
    expect(terminal.allLines().join("\n")).not.toContain("from an earlier run");
    feed(event("turn.started", { turnId: "t", prompt: "x" }));
    await terminal.waitForScreen((s) => !s.includes("second line"), "the prompt to clear the notice");
    feed(event("notice", { level: "warn", message: "about the old context" }));
    await terminal.waitForText("about the old context");
    feed(event("context.cleared", {}));
    await terminal.waitForScreen((s) => !s.includes("about the old context"), "/clear to clear the notice");
  });

  it("at 80 columns the directory gives way from its left and the branch stays; no price shows as $—", async () => {
    const theme = plainTheme();
    const footer = new Footer(theme, { model: "gpt-5", thinking: "medium", cwd: "/home/someone/projects/a-rather-long-project-name/packages/server", branch: "feature/login", contextTokens: 12_300, costUsd: 0, backgroundTasks: 0, contextWindow: 200_000 });
    const { terminal, tui } = mount([footer], 80, 6);
    const status = new StatusController(footer, new Spinner(theme, () => tui.requestRender()));
    status.onEvent(event("usage", { inputTokens: 12_300, outputTokens: 10 }), false);
    tui.requestRender();
    await terminal.waitForScreen((s) => /\$— · …\S*\/server \(feature\/login\)$/m.test(s), "the cut path, the branch and the unknown price");
    status.onEvent(event("usage", { inputTokens: 12_300, outputTokens: 10, costUsd: 0.0123 }), false);
    tui.requestRender();
    await terminal.waitForText("≥$0.0123");
  });

  it("background tasks count while they run", async () => {
    const { terminal, feed } = setup();
    feed(event("tool.call", { callId: "b1", name: "run_command", arguments: '{"command":"npm run dev","background":true}' }));
    feed(event("tool.result", { callId: "b1", name: "run_command", content: "started task t1 in the background", isError: false, details: { taskId: "t1" } }));
    await terminal.waitForText("1 background task");
    feed(event("tool.call", { callId: "b2", name: "task_stop", arguments: '{"id":"t1"}' }));
    feed(event("tool.result", { callId: "b2", name: "task_stop", content: "stopped task t1", isError: false }));
    await terminal.waitForScreen((s) => !s.includes("background task"), "the task to leave the footer");
  });
});
