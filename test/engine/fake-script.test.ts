// loadFakeScript: the demo needs no file; a script file is read and checked by the format's
// zod schema, and a bad one is refused naming the file and the field.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_SCRIPT, FakeScriptError, loadFakeScript } from "../../src/engine/llm/fake/fake-script.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "mini-agent-fake-script-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const written = (script: unknown, name = "script.json") => {
  const file = path.join(dir, name);
  writeFileSync(file, typeof script === "string" ? script : JSON.stringify(script));
  return file;
};
const escaped = (text: string) => text.replace(/[\\.]/g, "\\$&");

describe("loadFakeScript", () => {
  it("FAKE_LLM=1 and =true are the built-in demo", async () => {
    expect(await loadFakeScript("1", dir)).toBe(DEMO_SCRIPT);
    expect(await loadFakeScript("true", dir)).toBe(DEMO_SCRIPT);
  });

  it("reads a script relative to the working folder, calls without arguments get an empty object", async () => {
    written({ turns: [{ tool_calls: [{ name: "x" }, { name: "y", arguments: '{"path":' }] }], after: { delay_ms: 1 } }, "rel.json");
    expect(await loadFakeScript("rel.json", dir)).toStrictEqual({
      turns: [{ tool_calls: [{ name: "x", arguments: {} }, { name: "y", arguments: '{"path":' }] }],
      after: { delay_ms: 1 },
    });
  });

  it("refuses a bad script naming the file and the field", async () => {
    for (const [script, field] of [
      [{ turns: [{ tool_calls: [{ name: "" }] }] }, "turns\\.0\\.tool_calls\\.0\\.name"],
      [{ turns: [{ delay_ms: -1 }] }, "turns\\.0\\.delay_ms"],
      [{ turns: [{ error: { kind: "nope", message: "m" } }] }, "turns\\.0\\.error\\.kind"],
      [{ turns: [], summaries: [{ finish: "stop" }] }, "summaries\\.0\\.finish"],
      [[], "\\(root\\)"],
    ] as const) {
      const file = written(script);
      const error = await loadFakeScript(file, dir).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(FakeScriptError);
      expect((error as Error).message).toMatch(new RegExp(`^FAKE_LLM script ${escaped(file)}: ${field}: `));
    }
  });

  it("refuses a file that is missing or not JSON, naming it", async () => {
    const missing = path.join(dir, "missing.json");
    await expect(loadFakeScript(missing, dir)).rejects.toThrow(new RegExp(`^FAKE_LLM script ${escaped(missing)}: ENOENT`));
    const broken = written("{ turns", "broken.json");
    await expect(loadFakeScript(broken, dir)).rejects.toThrow(new RegExp(`^FAKE_LLM script ${escaped(broken)}: `));
  });
});
