// The conversation, streaming and tool frames drawn on a virtual terminal from engine events.
import { Container } from "@mariozechner/pi-tui";
import { describe, expect, it } from "vitest";
import { ConversationController } from "../../src/tui/controllers/conversation-controller.js";
import { ToolsController } from "../../src/tui/controllers/tools-controller.js";
import { RenderScheduler } from "../../src/tui/render-scheduler.js";
import { Transcript } from "../../src/tui/transcript.js";
import { event, mount, plainTheme } from "./harness.js";

function setup(cols = 60, rows = 20) {
  const theme = plainTheme();
  const transcript = new Transcript();
  const pending = new Container();
  const conversation = new ConversationController(theme, transcript, pending);
  const tools = new ToolsController(theme, transcript);
  const { terminal, tui } = mount([transcript, pending], cols, rows);
  const scheduler = new RenderScheduler(tui);
  const feed = (e: ReturnType<typeof event>, replay = false) => {
    conversation.onEvent(e, replay);
    tools.onEvent(e, replay);
    if (e.type === "assistant.delta" || e.type === "tool.output") scheduler.soon();
    else scheduler.now();
  };
  return { terminal, tui, conversation, tools, feed, scheduler };
}

describe("conversation on screen", () => {
  it("streams markdown in batches, grows an unclosed code fence, never fully redraws", async () => {
    const { terminal, tui, feed, scheduler } = setup();
    feed(event("turn.started", { turnId: "t1", prompt: "explain it" }));
    await terminal.waitForText("› explain it");
    const answer = "Here is **the plan**:\n\n- first step\n- second step\n\n```ts\nconst answer = 42;\n";
    for (const char of answer) feed(event("assistant.delta", { text: char }));
    await terminal.waitForText("const answer = 42;");
    // Dozens of deltas, a handful of frames: batched, not one render per token.
    expect(scheduler.frames).toBeLessThan(10);
    const screen = terminal.allLines().join("\n");
    expect(screen).toContain("Here is the plan:");
    expect(screen).not.toContain("**");
    expect(screen).toMatch(/- first step/);
    for (const line of ["console.log(answer);", "```", "", "Done."]) feed(event("assistant.delta", { text: `${line}\n` }));
    await terminal.waitForText("Done.");
    expect(terminal.allLines().join("\n")).toContain("console.log(answer);");
    // Long streaming that scrolls the screen: still no full redraw after the first frame.
    for (let i = 0; i < 200; i++) feed(event("assistant.delta", { text: `line number ${i} of a long answer\n\n` }));
    await terminal.waitForText("line number 199 of a long answer");
    expect(tui.fullRedraws).toBe(1);
    // The earlier text is still in the scrollback, untouched.
    expect(terminal.allLines().join("\n")).toContain("Here is the plan:");
  });

  it("thinking shows one line with a token estimate; expanding shows the text", async () => {
    const { terminal, conversation, feed, scheduler } = setup();
    feed(event("turn.started", { turnId: "t1", prompt: "think" }));
    feed(event("thinking.delta", { text: "a".repeat(400) }));
    feed(event("thinking.delta", { text: " the secret plan" }));
    feed(event("assistant.delta", { text: "ok" }));
    scheduler.now();
    await terminal.waitForText("∴ thinking · ~104 tokens");
    expect(terminal.allLines().join("\n")).not.toContain("secret plan");
    expect(conversation.toggleThinking()).toBe(true);
    scheduler.now();
    await terminal.waitForText("the secret plan");
  });

  it("tool frames: status, live output, a diff for writes, denial, folding", async () => {
    const { terminal, tools, feed, scheduler } = setup(80, 30);
    feed(event("turn.started", { turnId: "t1", prompt: "go" }));
    feed(event("tool.call", { callId: "c1", name: "run_command", arguments: '{"command":"npm test"}' }));
    feed(event("approval.decision", { callId: "c1", name: "run_command", decision: "allow", by: "rule", reason: "test runner" }));
    feed(event("tool.output", { callId: "c1", stream: "stdout", chunk: "running 3 tests\n\x1b[31mred?\x1b[0m\n" }));
    scheduler.now();
    await terminal.waitForText("run_command npm test  running");
    await terminal.waitForText("│ running 3 tests");
    expect(terminal.written).not.toContain("\x1b[31mred?");
    feed(event("tool.result", { callId: "c1", name: "run_command", content: "exit code: 1\nstdout:\nfail", isError: true }));
    await terminal.waitForText("✗ run_command npm test  error");

    feed(event("tool.call", { callId: "c2", name: "write_file", arguments: '{"path":"notes.md","content":"hi"}' }));
    feed(event("approval.request", { callId: "c2", name: "write_file", reason: "writes a file", preview: "--- /dev/null\n+++ b/notes.md\n@@ -0,0 +1 @@\n+hi" }));
    await terminal.waitForText("○ write_file notes.md  waiting for approval");
    // While it waits, the approval frame shows the diff; the tool frame is just its title.
    expect(terminal.allLines().join("\n")).not.toContain("│ +hi");
    feed(event("approval.decision", { callId: "c2", name: "write_file", decision: "allow", by: "user", reason: "approved" }));
    feed(event("tool.result", { callId: "c2", name: "write_file", content: "wrote notes.md\n--- /dev/null\n+++ b/notes.md\n@@ -0,0 +1 @@\n+hi", isError: false }));
    await terminal.waitForText("✓ write_file notes.md  ok");
    await terminal.waitForText("│ +hi");

    feed(event("tool.call", { callId: "c3", name: "edit_file", arguments: '{"path":"a.ts"}' }));
    feed(event("approval.decision", { callId: "c3", name: "edit_file", decision: "deny", by: "user", reason: "not that file" }));
    await terminal.waitForText("⊘ edit_file a.ts  denied");
    await terminal.waitForText("│ not that file");

    expect(tools.toggleLatest()).toBe(true);
    scheduler.now();
    await terminal.waitForScreen((screen) => !screen.includes("│ not that file"), "the latest frame to fold");
    expect(terminal.allLines().join("\n")).toContain("│ +hi");
  });

  it("a replayed session shows prompts, answers and folded tool frames", async () => {
    const { terminal, feed, scheduler } = setup();
    feed(event("turn.started", { turnId: "t1", prompt: "earlier question" }), true);
    feed(event("assistant.delta", { text: "earlier answer" }), true);
    feed(event("tool.call", { callId: "c9", name: "read_file", arguments: '{"path":"README.md"}' }), true);
    feed(event("tool.result", { callId: "c9", name: "read_file", content: "# secret body", isError: false }), true);
    feed(event("turn.ended", { turnId: "t1", stopReason: "completed", rounds: 2 }), true);
    scheduler.now();
    await terminal.waitForText("✓ read_file README.md  ok");
    const screen = terminal.allLines().join("\n");
    expect(screen).toContain("› earlier question");
    expect(screen).toContain("earlier answer");
    expect(screen).not.toContain("secret body");
  });

  it("queued prompts wait apart and move into the conversation when their turn starts", async () => {
    const { terminal, feed } = setup();
    feed(event("prompt.queued", { id: "q1", prompt: "next thing" }));
    await terminal.waitForText("(queued: sent when the current turn ends)");
    feed(event("prompt.dequeued", { id: "q1" }));
    feed(event("turn.started", { turnId: "t2", prompt: "next thing" }));
    await terminal.waitForScreen((s) => s.includes("› next thing") && !s.includes("(queued"), "the queued prompt to start");
    feed(event("prompt.queued", { id: "q2", prompt: "dropped one" }));
    await terminal.waitForText("› dropped one");
    feed(event("prompt.dropped", { id: "q2", reason: "aborted" }));
    await terminal.waitForScreen((s) => !s.includes("dropped one"), "the dropped prompt to vanish");
  });

  it("a resize re-wraps the conversation without losing it", async () => {
    const { terminal, tui, feed } = setup(60, 20);
    feed(event("turn.started", { turnId: "t1", prompt: "wrap me" }));
    feed(event("assistant.delta", { text: "a fairly long sentence that will need to wrap differently when the terminal narrows\n\nend." }));
    await terminal.waitForText("end.");
    terminal.resize(30, 20);
    tui.requestRender();
    await terminal.waitForScreen((s) => s.includes("› wrap me") && s.includes("end.") && s.includes("a fairly long sentence that"), "the re-wrapped conversation");
    expect(terminal.viewport().every((line) => line.length <= 30)).toBe(true);
  });

  it("a compaction note counts messages in good grammar and never calls a growth a saving", async () => {
    const { terminal, feed } = setup(100);
    const compacted = (replaced: number, tokensBefore: number, tokensAfter: number) =>
      event("context.compacted", { summary: "s", replaced, kept: 2, mode: "summary", trigger: "manual", tokensBefore, tokensAfter, filesRead: [], filesChanged: [] } as never);
    feed(compacted(1, 5100, 5200));
    await terminal.waitForText("context compacted (manual): 1 message summarised, no smaller (5.1k → 5.2k tokens)");
    feed(compacted(12, 48_000, 6_100));
    await terminal.waitForText("context compacted (manual): 12 messages summarised, 48k → 6.1k tokens");
  });
});
