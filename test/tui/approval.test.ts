// Approval frames answered with real keys on a virtual terminal.
import { describe, expect, it } from "vitest";
import type { ApprovalReply } from "../../src/engine/surface.js";
import { ApprovalController, type AskFrame } from "../../src/tui/controllers/approval-controller.js";
import { Transcript } from "../../src/tui/transcript.js";
import { waitFor } from "../helpers/processes.js";
import { event, mount, plainTheme } from "./harness.js";

function setup() {
  const transcript = new Transcript();
  const answers: { id: string; reply: ApprovalReply }[] = [];
  const { terminal, tui } = mount([transcript], 80, 30);
  const focused: (AskFrame | null)[] = [];
  const approvals = new ApprovalController(plainTheme(), transcript, {
    answer: (id, reply) => answers.push({ id, reply }),
    focus: (frame) => {
      focused.push(frame);
      tui.setFocus(frame);
      tui.requestRender();
    },
  });
  const ask = (callId: string, extra: Record<string, unknown> = {}) => {
    approvals.onEvent(event("tool.call", { callId, name: "run_command", arguments: '{"command":"rm -rf build"}' }), false);
    approvals.onEvent(
      event("approval.request", { callId, name: "run_command", reason: "deletes files", preview: "$ rm -rf build", ...extra } as never),
      false,
    );
  };
  return { terminal, tui, approvals, answers, ask, focused };
}

describe("approval frames", () => {
  it("y allows once", async () => {
    const { terminal, answers, ask } = setup();
    ask("c1", { id: "ap-1" });
    await terminal.waitForText("y allow once");
    await terminal.waitForText("$ rm -rf build");
    await terminal.waitForText("deletes files");
    terminal.send("y");
    await waitFor(() => answers.length === 1);
    expect(answers[0]).toEqual({ id: "ap-1", reply: { decision: "allow_once" } });
    await terminal.waitForText("→ allowed once");
  });

  it("a allows always and says what always covers", async () => {
    const { terminal, answers, ask } = setup();
    ask("c1", { id: "ap-2", scope: "run_command: rm -rf build, in this session" });
    await terminal.waitForText("a always (run_command: rm -rf build, in this session)");
    terminal.send("a");
    await waitFor(() => answers.length === 1);
    expect(answers[0]!.reply).toEqual({ decision: "allow_always" });
  });

  it("n asks for a note, enter denies with it", async () => {
    const { terminal, answers, ask } = setup();
    ask("c1");
    await terminal.waitForText("n deny with a note");
    terminal.send("n");
    await terminal.waitForText("note for the model");
    terminal.send("use make clean instead");
    terminal.send("\r");
    await waitFor(() => answers.length === 1);
    expect(answers[0]).toEqual({ id: "c1", reply: { decision: "deny", note: "use make clean instead" } });
    await terminal.waitForText("→ denied: use make clean instead");
  });

  it("esc denies; the next request is shown only after", async () => {
    const { terminal, answers, ask, focused } = setup();
    ask("c1");
    ask("c2");
    await terminal.waitForText("y allow once");
    expect(focused.length).toBe(1);
    terminal.send("\x1b");
    await waitFor(() => answers.length === 1);
    expect(answers[0]!.reply).toEqual({ decision: "deny" });
    await waitFor(() => focused.length === 2);
    terminal.send("y");
    await waitFor(() => answers.length === 2);
    expect(answers[1]).toEqual({ id: "c2", reply: { decision: "allow_once" } });
    await waitFor(() => focused[focused.length - 1] === null);
  });

  it("without a scope (a compound command) always is not offered and 'a' does nothing", async () => {
    const { terminal, answers, ask } = setup();
    ask("c1");
    await terminal.waitForText("“always” is not offered for this call");
    terminal.send("a");
    terminal.send("\x1b");
    await waitFor(() => answers.length === 1);
    expect(answers[0]!.reply).toEqual({ decision: "deny" });
  });

  it("a critical file: always is not offered and 'a' does nothing", async () => {
    const { terminal, answers, ask } = setup();
    ask("c1", { critical: true, scope: "write_file: .env" });
    await terminal.waitForText("critical file: “always” does not apply");
    terminal.send("a");
    terminal.send("y");
    await waitFor(() => answers.length === 1);
    expect(answers[0]!.reply).toEqual({ decision: "allow_once" });
  });

  it("an abort (turn ended) settles the open frame and gives the keyboard back", async () => {
    const { terminal, approvals, answers, ask, focused } = setup();
    ask("c1");
    await terminal.waitForText("y allow once");
    approvals.onEvent(event("turn.ended", { turnId: "t", stopReason: "aborted", rounds: 1 }), false);
    expect(focused[focused.length - 1]).toBeNull();
    terminal.send("y");
    expect(answers).toEqual([]);
  });
});
