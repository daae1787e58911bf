// The Op schema (src/engine/protocol/ops.ts) and the rpc line reader: every op survives a trip
// through JSON and the schema unchanged, and a line that is not an op is refused with words that
// name what was wrong (the field, the value, the op).
import { describe, expect, it } from "vitest";
import { parseOpLine } from "../../../src/engine/protocol/op-line.js";
import { anyOpSchema, opNames, type Op, type OpName } from "../../../src/engine/protocol/ops.js";

/** One op of every kind, with its optional fields set, and the bare form where fields are optional. */
const EXAMPLES: Op[] = [
  { id: "1", op: "submit", text: "fix the tests" },
  { id: "2", op: "submit", text: "what is this?", images: [{ mediaType: "image/png", base64: "iVBORw0KGgo=" }] },
  { id: "3", op: "abortTurn" },
  { id: "4", op: "interruptCommand", callId: "call_1" },
  { id: "5", op: "interruptCommand" },
  { id: "6", op: "answerApproval", requestId: "r-1", decision: "allow" },
  { id: "7", op: "answerApproval", requestId: "r-2", decision: "always", note: "only in src/" },
  { id: "8", op: "answerApproval", requestId: "r-3", decision: "deny", note: "use the other file" },
  { id: "9", op: "answerQuestion", requestId: "q-1", answer: { choices: ["yes", "later"] } },
  { id: "10", op: "answerQuestion", requestId: "q-2", answer: { text: "port 8080" } },
  { id: "11", op: "answerQuestion", requestId: "q-3", answer: { dismissed: true } },
  { id: "12", op: "setModel", model: "gpt-5" },
  { id: "13", op: "setModel", provider: "anthropic", model: "claude-sonnet-4-5" },
  { id: "14", op: "setThinking", level: "high" },
  { id: "15", op: "compact" },
  { id: "16", op: "compact", instructions: "keep the API decisions" },
  { id: "17", op: "clearContext" },
  { id: "18", op: "undo" },
  { id: "19", op: "undo", to: 2, dryRun: true },
  { id: "20", op: "snapshot", history: true },
  { id: "21", op: "shutdown" },
];

describe("the Op schema", () => {
  it("has an example of every op", () => {
    expect(new Set(EXAMPLES.map((op) => op.op))).toEqual(new Set<OpName>(opNames));
  });

  it.each(EXAMPLES.map((op) => [`${op.op} #${op.id}`, op] as const))("%s round-trips through JSON and the schema", (_name, op) => {
    const line = JSON.stringify(op);
    expect(anyOpSchema.parse(JSON.parse(line))).toEqual(op);
    expect(parseOpLine(line)).toEqual({ ok: true, op });
  });
});

describe("reading an rpc line", () => {
  it("refuses what is not JSON, and says what an op looks like", () => {
    const read = parseOpLine('{"id":"1","op":"submit",');
    expect(read.ok).toBe(false);
    expect(read).toMatchObject({ error: expect.stringMatching(/^not JSON .*\{"id":"1","op":"submit","text":"hi"\}/) });
  });

  it("refuses JSON that is not an object", () => {
    expect(parseOpLine('["submit"]')).toMatchObject({ ok: false, error: expect.stringContaining("got an array") });
    expect(parseOpLine("42")).toMatchObject({ ok: false, error: expect.stringContaining("got 42") });
  });

  it("names an unknown op and the ones there are, keeping the id for the reply", () => {
    expect(parseOpLine('{"id":"7","op":"frobnicate"}')).toEqual({
      ok: false,
      id: "7",
      error: `unknown op "frobnicate"; expected one of: ${opNames.join(", ")}`,
    });
    expect(parseOpLine('{"id":"8","text":"hi"}')).toMatchObject({ ok: false, id: "8", error: expect.stringMatching(/^no "op" field/) });
  });

  it("names a missing field, a wrong value and an unknown field", () => {
    expect(parseOpLine('{"id":"1","op":"answerApproval","decision":"allow"}')).toEqual({
      ok: false,
      id: "1",
      op: "answerApproval",
      error: 'answerApproval: missing field "requestId" (string)',
    });
    expect(parseOpLine('{"id":"2","op":"answerApproval","requestId":"r","decision":"maybe"}')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^answerApproval: field "decision": .*"allow"\|"always"\|"deny"/),
    });
    expect(parseOpLine('{"id":"3","op":"submit","text":"hi","promt":"typo"}')).toMatchObject({
      ok: false,
      error: 'submit: unknown field "promt"',
    });
    expect(parseOpLine('{"op":"submit","text":"hi"}')).toMatchObject({ ok: false, op: "submit", error: 'submit: missing field "id" (a string or a number)' });
    expect(parseOpLine('{"id":"","op":"submit","text":"hi"}')).toMatchObject({ ok: false, error: 'submit: field "id": expected a non-empty string or a number' });
    expect(parseOpLine('{"id":true,"op":"submit","text":"hi"}')).toMatchObject({ ok: false, error: 'submit: field "id": expected a non-empty string or a number' });
    // A number is an id as JSON-RPC's are, echoed as given.
    expect(parseOpLine('{"id":7,"op":"snapshot"}')).toEqual({ ok: true, op: { id: 7, op: "snapshot" } });
    expect(parseOpLine('{"id":7,"op":"snapshot","x":1}')).toMatchObject({ ok: false, id: 7, op: "snapshot" });
  });
});
