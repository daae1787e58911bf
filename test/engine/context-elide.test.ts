import { describe, expect, it } from "vitest";
import { applyElisions, elideArguments, elideText, MIN_KEPT_CHARS, planElisions } from "../../src/engine/state/context-elide.js";
import { messagesTokens } from "../../src/engine/state/context.js";
import type { Message } from "../../src/engine/messages.js";

const result = (callId: string, size: number): Message => ({ role: "tool", callId, name: "read_file", content: `${callId}:`.padEnd(size, "x"), isError: false });
const call: Message = { role: "assistant", text: "reading", toolCalls: [{ id: "a", name: "read_file", arguments: "{}" }] };

describe("cutting the kept tail's largest results", () => {
  it("keeps two thirds from the start and the rest from the end, and says how much went", () => {
    const text = `${"s".repeat(3000)}${"m".repeat(4000)}${"e".repeat(3000)}`;
    const cut = elideText(text, 3000);
    expect(cut.startsWith("s".repeat(2000))).toBe(true);
    expect(cut.endsWith("e".repeat(1000))).toBe(true);
    expect(cut).not.toContain("mm");
    expect(cut).toContain("[… 7000 characters elided to fit the context window;");
    expect(elideText("short", 3000)).toBe("short");
  });

  it("cuts nothing when nothing is over", () => {
    expect(planElisions([call, result("a", 40_000)], 0)).toEqual([]);
  });

  it("cuts the largest results to one level, as high as still saves the excess", () => {
    const tail = [call, result("a", 30_000), result("b", 6_000), result("c", 500)];
    const before = messagesTokens(tail);
    const plan = planElisions(tail, 5_000);
    expect(plan.map((elision) => elision.callId)).toEqual(["a"]);
    const after = messagesTokens(applyElisions(tail, plan));
    expect(before - after).toBeGreaterThanOrEqual(5_000);
    // As high as allowed: one character more would not have saved enough.
    expect(before - after).toBeLessThan(5_000 + 50);

    const deeper = planElisions(tail, 8_000);
    expect(deeper.map((elision) => elision.callId)).toEqual(["a", "b"]);
    expect(new Set(deeper.map((elision) => elision.chars)).size).toBe(1);
    expect(before - messagesTokens(applyElisions(tail, deeper))).toBeGreaterThanOrEqual(8_000);
  });

  it("never cuts a result below the floor, even when the excess cannot be met", () => {
    const tail = [call, result("a", 5_000)];
    const plan = planElisions(tail, 1_000_000);
    expect(plan).toEqual([{ callId: "a", chars: MIN_KEPT_CHARS }]);
    expect(planElisions([call, result("a", MIN_KEPT_CHARS + 10)], 1_000)).toEqual([]);
  });

  it("applies a recorded cut by call id and leaves every other message as it was", () => {
    const tail = [call, result("a", 9_000), result("b", 9_000)];
    const view = applyElisions(tail, [{ callId: "b", chars: 2_000 }, { callId: "gone", chars: 2_000 }]);
    expect(view[0]).toBe(tail[0]);
    expect(view[1]).toBe(tail[1]);
    expect((view[2] as { content: string }).content).toBe(elideText((tail[2] as { content: string }).content, 2_000));
  });
});

describe("cutting a call's large arguments", () => {
  const write: Message = { role: "assistant", text: "", toolCalls: [{ id: "w", name: "write_file", arguments: JSON.stringify({ path: "a.txt", content: `START${"c".repeat(20_000)}END` }) }] };

  it("plans them like results and cuts each long string value, the JSON still valid", () => {
    const tail = [write, result("w", 10)];
    const plan = planElisions(tail, 3_000);
    expect(plan).toEqual([{ callId: "w", part: "arguments", chars: expect.any(Number) }]);
    const [cut] = applyElisions(tail, plan) as [Extract<Message, { role: "assistant" }>];
    const args = JSON.parse(cut.toolCalls[0]!.arguments) as { path: string; content: string };
    expect(args.path).toBe("a.txt");
    expect(args.content.startsWith("START") && args.content.endsWith("END")).toBe(true);
    expect(args.content).toMatch(/characters of this argument elided from the conversation to fit the context window/);
    expect(messagesTokens(tail) - messagesTokens(applyElisions(tail, plan))).toBeGreaterThanOrEqual(3_000);
    // The result of the same call is left alone, and arguments that are not JSON are cut as text.
    expect(applyElisions(tail, plan)[1]).toBe(tail[1]);
    expect(elideArguments(`{"broken ${"z".repeat(5_000)}`, 1_000).length).toBeLessThan(1_300);
  });
});
