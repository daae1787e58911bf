// The lean parsers compiled from the generated JSON Schemas must agree with zod on the zod
// schemas those were generated from. For every event type and every built-in tool input: a
// valid value, then every field replaced by each value of a pool of JSON values (nested fields
// too), removed, or joined by an unknown key; each candidate's verdict is compared with
// safeParse, and for a tool input, what the parser returns with what zod returns.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { EVENT_CHECKS } from "../../src/engine/wire/event-checks.generated.js";
import { EVENT_SCHEMAS } from "../../src/engine/protocol/event-schemas.generated.js";
import { eventSchemas as allEventSchemas } from "../../src/engine/events.js";
import { LIVE_ONLY_EVENTS } from "../../src/engine/protocol/schema-gen.js";
import { compileLean, REJECTED } from "../../src/engine/wire/lean-parse.js";
import { TOOL_SCHEMAS } from "../../src/engine/tools/tool-schemas.generated.js";
import { leanRefinements, toolInputs, type ToolInputKey } from "../../src/engine/tools/tool-inputs.js";
import { parseEventLine } from "../../src/engine/wire/wire-reader.js";
import { compileCheck } from "../helpers/compile-check.js";
import { CLI } from "../helpers/run-cli.js";
import { valueVariants } from "../helpers/value-variants.js";

interface Def {
  type: string;
  entries?: Record<string, unknown>;
  values?: unknown[];
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Enum and literal values found anywhere in the schemas, so the pool can hit them. */
function literals(schema: z.ZodType, into: Set<unknown>): Set<unknown> {
  const def = defOf(schema);
  for (const value of Object.values(def.entries ?? {})) into.add(value);
  for (const value of def.values ?? []) into.add(value);
  for (const inner of [def.innerType, def.element, ...Object.values(def.shape ?? {})]) if (inner) literals(inner, into);
  return into;
}

// What the wire holds: every event but the live-only replies (op.result), which no file has.
const eventSchemas = new Map([...allEventSchemas].filter(([type]) => !LIVE_ONLY_EVENTS.has(type)));

const allLiterals = new Set<unknown>();
for (const schema of [...eventSchemas.values(), ...Object.values(toolInputs)]) literals(schema as z.ZodType, allLiterals);
const POOL: unknown[] = [null, 0, -1, 1, 2, 0.5, -0.5, 99, 100, 5000, 5001, 2 ** 53, "", "x", "x".repeat(401), true, false, [], ["x"], [1], {}, { a: 1 }, ...allLiterals];

/** A value zod accepts for `schema`, found from the pool or built from the shape. */
function validValue(schema: z.ZodType): unknown {
  const def = defOf(schema);
  if (def.type === "object") return Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, field]) => [key, validValue(field)]));
  if (def.type === "array") return [validValue(def.element!)];
  if (def.type === "optional" || def.type === "nullable") return validValue(def.innerType!);
  const found = POOL.find((value) => schema.safeParse(value).success);
  if (found === undefined) throw new Error(`no pool value fits a ${def.type}`);
  return found;
}

const variants = (value: unknown) => valueVariants(value, POOL);

describe("compiled wire checks", () => {
  it("compile for every event type (none left to zod on a resume)", () => {
    expect(Object.keys(EVENT_SCHEMAS)).toEqual([...eventSchemas.keys()]);
    for (const type of eventSchemas.keys()) expect(compileLean(EVENT_SCHEMAS[type], "check"), type).toBeTypeOf("function");
    // What the wire reader runs is code generated at build time (lean-check.ts), one per type.
    expect([...EVENT_CHECKS.keys()]).toEqual([...eventSchemas.keys()]);
    expect(EVENT_CHECKS.get("assistant.delta")!.toString()).toContain("v.text");
    expect(compileCheck({ type: "string", pattern: "x" })).toBeUndefined();
  });

  it("accept exactly what each event's schema accepts, and hand back the line's own object", () => {
    let compared = 0;
    let rejected = 0;
    // lean-parse's closures, and the checks the wire reader runs (generated at build time).
    const compilers = [(type: string) => compileLean(EVENT_SCHEMAS[type], "check"), (type: string) => EVENT_CHECKS.get(type)];
    for (const [type, schema] of eventSchemas) for (const compile of compilers) {
      const lean = compile(type)!;
      const check = (value: unknown) => {
        const out = lean(value);
        if (out !== REJECTED) expect(out).toBe(value);
        return out !== REJECTED;
      };
      const base = { ...(validValue(schema) as object), type, seq: 1, ts: "t" };
      expect(schema.safeParse(base).success, type).toBe(true);
      for (const candidate of [base, ...variants(base), null, [], "x", 1]) {
        const expected = schema.safeParse(candidate).success;
        expect(check(candidate), `${type}: ${JSON.stringify(candidate)}`).toBe(expected);
        compared += 1;
        if (!expected) rejected += 1;
      }
    }
    // The pool reaches both verdicts many times over, so the comparison is not vacuous.
    expect(compared).toBeGreaterThan(4000);
    expect(rejected).toBeGreaterThan(compared / 3);
  });

  it("where code generation is refused, the wire reader checks lines the same way (its checks are plain code)", () => {
    // The built reader in a Node that refuses new Function (as a policy or NODE_OPTIONS may).
    const reader = pathToFileURL(path.join(path.dirname(CLI), "..", "dist", "engine", "wire", "wire-reader.js")).href;
    const script = `import { parseEventLine } from ${JSON.stringify(reader)};
      const ok = parseEventLine('{"type":"assistant.delta","text":"a","seq":1,"ts":"t"}');
      const bad = parseEventLine('{"type":"assistant.delta","text":1,"seq":1,"ts":"t"}');
      let generated = true;
      try { new Function("return 1"); } catch { generated = false; }
      process.stdout.write(JSON.stringify({ ok: ok?.text, bad: bad === undefined, generated }));`;
    const run = spawnSync(process.execPath, ["--disallow-code-generation-from-strings", "--input-type=module", "-e", script], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ ok: "a", bad: true, generated: false });
  });

  it("a field holding undefined counts as absent, as zod's optional() takes it; a name of Object.prototype's must be the object's own", () => {
    const schema = eventSchemas.get("assistant.delta")!;
    const check = EVENT_CHECKS.get("assistant.delta")!;
    const base = { type: "assistant.delta", text: "a", seq: 1, ts: "t" };
    for (const candidate of [{ ...base, agentId: undefined }, { ...base, text: undefined }, { ...base, type: undefined }]) {
      expect(check(candidate) !== REJECTED, JSON.stringify(Object.entries(candidate))).toBe(schema.safeParse(candidate).success);
    }
    const optionalUndefined = { ...base, agentId: undefined };
    expect(check(optionalUndefined)).toBe(optionalUndefined);
    expect(check({ ...base, text: undefined })).toBe(REJECTED);
    // "constructor" is inherited by every object: only an own field of that name may count.
    const ownConstructor = compileCheck({ type: "object", properties: { constructor: { type: "string" } }, required: ["constructor"] })!;
    expect(ownConstructor({})).toBe(REJECTED);
    expect(ownConstructor(JSON.parse('{"constructor":"x"}'))).not.toBe(REJECTED);
    expect(ownConstructor(JSON.parse('{"constructor":1}'))).toBe(REJECTED);
  });

  it("a line of an unknown type, or with no type, is refused like zod refuses it", () => {
    expect(parseEventLine('{"type":"nope","seq":1,"ts":"t"}')).toBeUndefined();
    expect(parseEventLine('{"seq":1,"ts":"t","text":"a"}')).toBeUndefined();
    expect(parseEventLine('{"type":"__proto__","seq":1,"ts":"t"}')).toBeUndefined();
    expect(parseEventLine('{"type":"usage","seq":1,"ts":"t","inputTokens":1,"outputTokens":2}')).toMatchObject({ type: "usage", outputTokens: 2 });
    expect(parseEventLine('{"type":"usage","seq":1,"ts":"t","inputTokens":1.5,"outputTokens":2}')).toBeUndefined();
  });
});

describe("lean parsers of the built-in tool inputs", () => {
  it("compile for every input, and every input is lean (edit_file with its refinement)", () => {
    expect(Object.keys(TOOL_SCHEMAS)).toEqual(Object.keys(toolInputs));
    for (const [key, entry] of Object.entries(TOOL_SCHEMAS)) expect(compileLean(entry!.schema), key).toBeTypeOf("function");
    expect(Object.entries(TOOL_SCHEMAS).filter(([, entry]) => !entry!.lean).map(([key]) => key)).toEqual([]);
    expect(Object.entries(TOOL_SCHEMAS).filter(([, entry]) => entry!.refined).map(([key]) => key)).toEqual(Object.keys(leanRefinements));
  });

  it("accept exactly what zod accepts, and return what zod returns (unknown keys dropped, declared order)", () => {
    let compared = 0;
    let rejected = 0;
    for (const [key, schema] of Object.entries(toolInputs) as [ToolInputKey, z.ZodType][]) {
      const lean = compileLean(TOOL_SCHEMAS[key]!.schema)!;
      const refine = leanRefinements[key] as ((input: unknown) => boolean) | undefined;
      const parse = (value: unknown) => {
        const out = lean(value);
        return out === REJECTED || !refine || refine(out) ? out : REJECTED;
      };
      const bases = key === "edit_file" ? [{ path: "p", old_string: "a", new_string: "b", replace_all: true }, { path: "p", edits: [{ old_string: "a", new_string: "b", replace_all: false }] }] : [validValue(schema)];
      for (const base of bases) expect(schema.safeParse(base).success, key).toBe(true);
      for (const candidate of [...bases, ...bases.flatMap((base) => [...variants(base)]), null, [], "x", 1]) {
        const expected = schema.safeParse(candidate);
        const got = parse(candidate);
        expect(got !== REJECTED, `${key}: ${JSON.stringify(candidate)}`).toBe(expected.success);
        if (expected.success) expect(JSON.stringify(got), key).toBe(JSON.stringify(expected.data));
        compared += 1;
        if (!expected.success) rejected += 1;
      }
    }
    expect(compared).toBeGreaterThan(1000);
    expect(rejected).toBeGreaterThan(compared / 3);
  });

  it("refuse what they do not know, so zod decides", () => {
    expect(compileLean({ type: "string", pattern: "^a" })).toBeUndefined();
    expect(compileLean({ type: "object", properties: {}, additionalProperties: false })).toBeUndefined();
    expect(compileLean({ anyOf: [{ type: "string" }, { type: "number" }] })).toBeUndefined();
    expect(compileLean({ type: "object", properties: { a: { type: "string", format: "email" } } })).toBeUndefined();
    expect(compileLean({ type: "object", properties: {}, required: ["a"] })).toBeUndefined();
  });
});
