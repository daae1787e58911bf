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
    // Answered by a key, the frame folds away: the call's tool frame says how it was answered.
    await terminal.waitForScreen((s) => !s.includes("deletes files") && !s.includes("rm -rf build"), "the answered frame to fold");
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
    await terminal.waitForScreen((s) => !s.includes("note for the model"), "the answered frame to fold");
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

  it("a subagent's request keeps one answered line (it has no tool frame of its own)", async () => {
    const { terminal, approvals } = setup();
    const child = { agentId: "explore-1", parentCallId: "task-1" };
    approvals.onEvent({ ...event("tool.call", { callId: "k1", name: "run_command", arguments: '{"command":"make"}' }), ...child } as never, false);
    approvals.onEvent({ ...event("approval.request", { callId: "k1", name: "run_command", reason: "builds", preview: "$ make" }), ...child } as never, false);
    await terminal.waitForText("y allow once");
    terminal.send("y");
    await terminal.waitForText("? run_command make → allowed once");
  });

  it("a reason the preview already gives is not printed twice", async () => {
    const { terminal, ask } = setup();
    const reason = "./count.sh is a program from a path, not the system count.sh";
    ask("c1", { reason, preview: `./count.sh → confirm: ${reason}\n\n$ ./count.sh` });
    await terminal.waitForText("y allow once");
    expect(terminal.allLines().join("\n").split("is a program from a path")).toHaveLength(2);
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
