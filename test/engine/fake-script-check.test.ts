// The lean FAKE_LLM script reader must agree with the format's zod schema: for a full valid
// script, then every field (at any depth) replaced by each value of a pool of JSON values,
// removed, or joined by an unknown key, the verdict and the returned script are zod's. And a
// script it refuses still gets zod's message, naming the field, from loadFakeScript.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readFakeScript } from "../../src/engine/llm/fake-script-check.js";
import { fakeScriptSchema } from "../../src/engine/llm/fake-script-schema.js";
import { FakeScriptError, loadFakeScript } from "../../src/engine/llm/fake-script.js";
import { valueVariants } from "../helpers/value-variants.js";

const POOL: unknown[] = [null, 0, -1, 1, 2.5, 2 ** 53, "", "x", "length", "provider", "stream", "nope", true, false, [], ["x"], [{}], {}, { a: 1 }];

const FULL_TURN = {
  text: "hello",
  reasoning: "thinking",
  tool_calls: [
    { name: "write_file", arguments: { path: "a.txt", content: "x" } },
    { name: "read_file", arguments: '{"path":' },
    { name: "list_files" },
  ],
  delay_ms: 5,
  finish: "length",
  error: { kind: "context_length", message: "too long" },
};
const FULL_SCRIPT = { turns: [FULL_TURN, { text: "second" }], after: FULL_TURN, summaries: [{ text: "summary" }] };

const variants = (value: unknown) => valueVariants(value, POOL);

describe("the lean FAKE_LLM script reader", () => {
  it("accepts exactly what zod accepts and returns what zod returns", () => {
    let accepted = 0;
    let rejected = 0;
    for (const candidate of [FULL_SCRIPT, ...variants(FULL_SCRIPT), ...POOL]) {
      const zod = fakeScriptSchema.safeParse(candidate);
      const lean = readFakeScript(candidate);
      if (zod.success) {
        expect(lean, JSON.stringify(candidate)).toStrictEqual(zod.data);
        accepted += 1;
      } else {
        expect(lean, JSON.stringify(candidate)).toBeUndefined();
        rejected += 1;
      }
    }
    // Both sides of the comparison were exercised many times.
    expect(accepted).toBeGreaterThan(100);
    expect(rejected).toBeGreaterThan(100);
  });

  it("gives a call without arguments an empty object, a copy of the caller's", () => {
    const args = { path: "a" };
    const script = readFakeScript({ turns: [{ tool_calls: [{ name: "x" }, { name: "y", arguments: args }] }] });
    expect(script?.turns[0]?.tool_calls).toStrictEqual([
      { name: "x", arguments: {} },
      { name: "y", arguments: { path: "a" } },
    ]);
    expect(script?.turns[0]?.tool_calls?.[1]?.arguments).not.toBe(args);
  });

  it("leaves the wording of a bad script to zod: loadFakeScript names the file and the field", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "mini-agent-fake-script-"));
    try {
      const file = path.join(dir, "script.json");
      writeFileSync(file, JSON.stringify({ turns: [{ tool_calls: [{ name: "" }] }] }));
      const error = await loadFakeScript(file, dir).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(FakeScriptError);
      expect((error as Error).message).toMatch(new RegExp(`^FAKE_LLM script ${file.replace(/[\\.]/g, "\\$&")}: turns\\.0\\.tool_calls\\.0\\.name: `));
      writeFileSync(file, JSON.stringify({ turns: [{ text: "ok" }], after: { delay_ms: 1 } }));
      expect(await loadFakeScript(file, dir)).toStrictEqual({ turns: [{ text: "ok" }], after: { delay_ms: 1 } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
