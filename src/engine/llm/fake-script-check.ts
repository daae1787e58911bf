// A lean reading of the FAKE_LLM script format (fake-script-schema.ts): accepts exactly what
// the zod schema accepts and returns what it returns (declared keys only, `arguments`
// defaulting to {}), so a valid script loads without zod (~25 ms of import and set-up, paid
// by every scripted run, the resume benchmark's included). On anything else it says no, and
// the caller asks zod, whose message names the field (ADR 0023, ADR 0024).
// test/engine/fake-script-check.test.ts holds it to zod's verdicts and values.
import type { FakeScript, ScriptedTurn } from "./fake-script.js";

type Call = NonNullable<ScriptedTurn["tool_calls"]>[number];
type Record_ = Record<string, unknown>;

const NO = undefined;
const ERROR_KINDS = new Set(["provider", "auth", "context_length", "stream"]);

const isRecord = (value: unknown): value is Record_ => typeof value === "object" && value !== null && !Array.isArray(value);

/** Present and not undefined: what an optional key of zod's needs a check for. */
const has = (record: Record_, key: string) => Object.hasOwn(record, key) && record[key] !== undefined;

function readCall(value: unknown): Call | undefined {
  if (!isRecord(value) || typeof value["name"] !== "string" || value["name"].length < 1) return NO;
  const args = has(value, "arguments") ? value["arguments"] : {};
  if (typeof args === "string") return { name: value["name"], arguments: args };
  if (!isRecord(args)) return NO;
  return { name: value["name"], arguments: { ...args } };
}

function readTurn(value: unknown): ScriptedTurn | undefined {
  if (!isRecord(value)) return NO;
  const turn: ScriptedTurn = {};
  for (const key of ["text", "reasoning"] as const) {
    if (!has(value, key)) continue;
    const text = value[key];
    if (typeof text !== "string") return NO;
    turn[key] = text;
  }
  if (has(value, "tool_calls")) {
    const calls = value["tool_calls"];
    if (!Array.isArray(calls)) return NO;
    const read: Call[] = [];
    for (const call of calls) {
      const one = readCall(call);
      if (!one) return NO;
      read.push(one);
    }
    turn.tool_calls = read;
  }
  if (has(value, "delay_ms")) {
    const delay = value["delay_ms"];
    if (typeof delay !== "number" || !Number.isSafeInteger(delay) || delay < 0) return NO;
    turn.delay_ms = delay;
  }
  if (has(value, "finish")) {
    if (value["finish"] !== "length") return NO;
    turn.finish = "length";
  }
  if (has(value, "error")) {
    const error = value["error"];
    if (!isRecord(error) || !ERROR_KINDS.has(error["kind"] as string) || typeof error["message"] !== "string") return NO;
    turn.error = { kind: error["kind"] as NonNullable<ScriptedTurn["error"]>["kind"], message: error["message"] };
  }
  return turn;
}

function readTurns(value: unknown): ScriptedTurn[] | undefined {
  if (!Array.isArray(value)) return NO;
  const turns: ScriptedTurn[] = [];
  for (const item of value) {
    const turn = readTurn(item);
    if (!turn) return NO;
    turns.push(turn);
  }
  return turns;
}

/** The script, as zod would return it, or undefined when zod must say what is wrong. */
export function readFakeScript(value: unknown): FakeScript | undefined {
  if (!isRecord(value)) return NO;
  const turns = readTurns(value["turns"]);
  if (!turns) return NO;
  const script: FakeScript = { turns };
  if (has(value, "after")) {
    const after = readTurn(value["after"]);
    if (!after) return NO;
    script.after = after;
  }
  if (has(value, "summaries")) {
    const summaries = readTurns(value["summaries"]);
    if (!summaries) return NO;
    script.summaries = summaries;
  }
  return script;
}
