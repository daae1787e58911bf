// The predicates the wire reader compiles from the event schemas must accept exactly what zod
// accepts. For every event type: a valid event, then every field replaced by each value of a
// pool of JSON values (nested fields too), removed, or joined by an unknown key; each
// candidate's verdict is compared with safeParse.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { eventSchemas } from "../../src/engine/events.js";
import { compileCheck } from "../../src/engine/wire-check.js";
import { parseEventLine } from "../../src/engine/wire-reader.js";

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

const allLiterals = new Set<unknown>();
for (const schema of eventSchemas.values()) literals(schema, allLiterals);
const POOL: unknown[] = [null, 0, -1, 1, 2, 0.5, -0.5, 2 ** 53, "", "x", true, false, [], ["x"], [1], {}, { a: 1 }, ...allLiterals];

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

/** Every variant of `value`: each field (at any depth) swapped for each pool value, dropped, or joined by a stranger. */
function* variants(value: unknown): Generator<unknown> {
  if (Array.isArray(value)) {
    yield [];
    for (const [index, item] of value.entries()) for (const variant of variants(item)) yield value.map((old, i) => (i === index ? variant : old));
    return;
  }
  if (value === null || typeof value !== "object") return;
  const record = value as Record<string, unknown>;
  yield { ...record, stranger: 1 };
  for (const key of Object.keys(record)) {
    const { [key]: _dropped, ...rest } = record;
    yield rest;
    for (const replacement of POOL) yield { ...record, [key]: replacement };
    for (const variant of variants(record[key])) yield { ...record, [key]: variant };
  }
}

describe("compiled wire checks", () => {
  it("compile for every event type (none left to zod on a resume)", () => {
    for (const [type, schema] of eventSchemas) expect(compileCheck(schema), type).toBeTypeOf("function");
  });

  it("accept exactly what each event's schema accepts", () => {
    let compared = 0;
    let rejected = 0;
    for (const [type, schema] of eventSchemas) {
      const check = compileCheck(schema)!;
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
    expect(compared).toBeGreaterThan(2000);
    expect(rejected).toBeGreaterThan(compared / 3);
  });

  it("a line of an unknown type, or with no type, is refused like zod refuses it", () => {
    expect(parseEventLine('{"type":"nope","seq":1,"ts":"t"}')).toBeUndefined();
    expect(parseEventLine('{"seq":1,"ts":"t","text":"a"}')).toBeUndefined();
    expect(parseEventLine('{"type":"__proto__","seq":1,"ts":"t"}')).toBeUndefined();
    expect(parseEventLine('{"type":"usage","seq":1,"ts":"t","inputTokens":1,"outputTokens":2}')).toMatchObject({ type: "usage", outputTokens: 2 });
    expect(parseEventLine('{"type":"usage","seq":1,"ts":"t","inputTokens":1.5,"outputTokens":2}')).toBeUndefined();
  });
});
