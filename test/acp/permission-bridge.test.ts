// Approval requests ↔ session/request_permission: the options offered, the answer mapped back
// by request id, and a request withdrawn when the engine decides first.
import type { RequestPermissionRequest, RequestPermissionResponse } from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import type { ApprovalReply } from "../../src/engine/approval/gate/approval-broker.js";
import type { AgentEvent } from "../../src/engine/events.js";
import { createPermissionBridge, OPTION, permissionOptions, replyFor } from "../../src/acp/permission-bridge.js";

const request = (fields: Record<string, unknown> = {}) =>
  ({ type: "approval.request", seq: 1, ts: "t", id: "r1", callId: "c1", name: "write_file", reason: "writes a file", ...fields }) as Extract<AgentEvent, { type: "approval.request" }>;

describe("permission options", () => {
  it("offers always only with a scope and never for a critical file", () => {
    expect(permissionOptions(request({ scope: "write_file: src/**" })).map((option) => [option.optionId, option.kind, option.name])).toEqual([
      ["allow_once", "allow_once", "Allow once"],
      ["allow_always", "allow_always", "Always allow write_file: src/**"],
      ["reject_once", "reject_once", "Reject"],
    ]);
    expect(permissionOptions(request({ scope: "write_file: .env", critical: true })).map((option) => option.kind)).toEqual(["allow_once", "reject_once"]);
    expect(permissionOptions(request()).map((option) => option.kind)).toEqual(["allow_once", "reject_once"]);
  });

  it("maps the editor's answer to ours; cancelled and unknown options deny", () => {
    const selected = (optionId: string): RequestPermissionResponse => ({ outcome: { outcome: "selected", optionId } });
    expect(replyFor(selected(OPTION.once))).toEqual({ decision: "allow_once" });
    expect(replyFor(selected(OPTION.always))).toEqual({ decision: "allow_always" });
    expect(replyFor(selected(OPTION.reject)).decision).toBe("deny");
    expect(replyFor(selected("maybe"))).toMatchObject({ decision: "deny", reason: expect.stringContaining('"maybe"') });
    expect(replyFor({ outcome: { outcome: "cancelled" } }).decision).toBe("deny");
  });
});

describe("permission bridge", () => {
  function harness(respond: (signal: AbortSignal) => Promise<RequestPermissionResponse>) {
    const asked: RequestPermissionRequest[] = [];
    const answers: [string, ApprovalReply][] = [];
    const failures: unknown[] = [];
    const bridge = createPermissionBridge("s1", "/w", {
      ask: (params, signal) => {
        asked.push(params);
        return respond(signal);
      },
      answer: (id, reply) => answers.push([id, reply]),
      failed: (error) => failures.push(error),
    });
    return { bridge, asked, answers, failures };
  }

  it("asks with the call's title and diff and answers by the request's id", async () => {
    const { bridge, asked, answers } = harness(async () => ({ outcome: { outcome: "selected", optionId: "allow_once" } }));
    bridge.onEvent({ type: "tool.call", seq: 1, ts: "t", callId: "c1", name: "write_file", arguments: '{"path":"a.txt","content":"A"}' });
    bridge.onEvent(request());
    expect(asked[0]).toMatchObject({
      sessionId: "s1",
      toolCall: { toolCallId: "c1", title: "Write a.txt", kind: "edit", content: [{ type: "diff", path: "/w/a.txt", oldText: null, newText: "A" }] },
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(answers).toEqual([["r1", { decision: "allow_once" }]]);
  });

  it("withdraws the question when the engine decides first, and does not answer twice", async () => {
    let signal: AbortSignal | undefined;
    const { bridge, answers } = harness(
      (given) =>
        new Promise((resolve) => {
          signal = given;
          given.addEventListener("abort", () => resolve({ outcome: { outcome: "cancelled" } }));
        }),
    );
    bridge.onEvent(request({ preview: "+1 −0" }));
    bridge.onEvent({ type: "approval.decision", seq: 2, ts: "t", id: "r1", callId: "c1", name: "write_file", decision: "deny", by: "user", reason: "turn aborted" });
    expect(signal?.aborted).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(answers).toEqual([]);
  });

  it("a request the editor never answers (connection gone) denies and is reported", async () => {
    const { bridge, answers, failures } = harness(async () => {
      throw new Error("connection closed");
    });
    bridge.onEvent(request());
    await new Promise((resolve) => setImmediate(resolve));
    expect(answers[0]?.[1].decision).toBe("deny");
    expect(String(failures[0])).toContain("connection closed");
  });
});
