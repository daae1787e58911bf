// The wire reader's per-line check (lean-parse.ts's "check" mode) as one generated function
// per event type. A resume checks every line of the file (100,000s); lean-parse.ts's closures
// read each field through the same generic code for every type, which cost about a third of
// the JSON.parse itself. Generated code reads `value.text` where the closure read
// `value[key]`, so each property read stays specialised to its event's shape (ADR 0024).
// On JSON.parse's output, the same verdicts as compileLean(schema, "check"), which validates
// the schema first (an unknown keyword compiles to nothing here too) and stands in wherever
// code cannot be generated (`--disallow-code-generation-from-strings`). Only a field holding
// `undefined`, which JSON cannot make, differs: absent here (as zod's optional() takes it).
// The schemas are our own generated constants; every key and constant is written as a JSON
// literal or passed in, never spliced raw.
import { compileLean, REJECTED, type LeanParser } from "./lean-parse.js";

type Schema = Record<string, unknown>;

interface Emitter {
  /** Values the code refers to by index (choice sets, bounds). */
  constants: unknown[];
  names: number;
}

/** A value JSON.stringify writes as a JavaScript literal of the same value. */
const isLiteral = (value: unknown) => typeof value === "string" || typeof value === "boolean" || value === null || Number.isFinite(value);
const constant = (emit: Emitter, value: unknown) => `c[${emit.constants.push(value) - 1}]`;
const fresh = (emit: Emitter, prefix: string) => `${prefix}${(emit.names += 1)}`;

/** Statements that `return R` when `v` does not fit `schema`. */
function emitCheck(schema: Schema, v: string, emit: Emitter): string {
  if ("enum" in schema || "const" in schema) {
    const choices = "enum" in schema ? (schema.enum as unknown[]) : [schema.const];
    // One choice (every event's `type`) is compared with a literal, not looked up in a Set.
    if (choices.length === 1 && isLiteral(choices[0])) return `if (${v} !== ${JSON.stringify(choices[0])}) return R;\n`;
    return `if (!${constant(emit, new Set(choices))}.has(${v})) return R;\n`;
  }
  if ("anyOf" in schema) {
    const inner = (schema.anyOf as Schema[]).find((branch) => !(branch.type === "null" && Object.keys(branch).length === 1))!;
    return `if (${v} !== null) {\n${emitCheck(inner, v, emit)}}\n`;
  }
  if (Array.isArray(schema.type)) {
    const inner = { ...schema, type: schema.type.find((type) => type !== "null") };
    return `if (${v} !== null) {\n${emitCheck(inner, v, emit)}}\n`;
  }
  const bound = (keyword: string, test: string) => (schema[keyword] === undefined ? "" : `if (${test.replace("#", constant(emit, schema[keyword]))}) return R;\n`);
  switch (schema.type) {
    case "string":
      return `if (typeof ${v} !== "string") return R;\n${bound("minLength", `${v}.length < #`)}${bound("maxLength", `${v}.length > #`)}`;
    case "boolean":
      return `if (typeof ${v} !== "boolean") return R;\n`;
    case "number":
    case "integer": {
      const finite = schema.type === "integer" ? "Number.isSafeInteger" : "Number.isFinite";
      return (
        `if (typeof ${v} !== "number" || !${finite}(${v})) return R;\n` +
        bound("minimum", `${v} < #`) +
        bound("maximum", `${v} > #`) +
        bound("exclusiveMinimum", `${v} <= #`) +
        bound("exclusiveMaximum", `${v} >= #`)
      );
    }
    case "array": {
      const [i, item] = [fresh(emit, "i"), fresh(emit, "e")];
      return (
        `if (!Array.isArray(${v})) return R;\n${bound("minItems", `${v}.length < #`)}${bound("maxItems", `${v}.length > #`)}` +
        `for (let ${i} = 0; ${i} < ${v}.length; ${i} += 1) {\nconst ${item} = ${v}[${i}];\n${emitCheck(schema.items as Schema, item, emit)}}\n`
      );
    }
    default: {
      const required = (schema.required ?? []) as string[];
      let code = `if (typeof ${v} !== "object" || ${v} === null || Array.isArray(${v})) return R;\n`;
      for (const [key, field] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        const [literal, x] = [JSON.stringify(key), fresh(emit, "x")];
        const otherwise = required.includes(key) ? " else return R;" : "";
        // One read per field: JSON.parse never makes an undefined value, so undefined means
        // absent, unless the name is also Object.prototype's (then an own-property test).
        code +=
          key in Object.prototype
            ? `if (hasOwn(${v}, ${literal})) {\nconst ${x} = ${v}[${literal}];\n${emitCheck(field, x, emit)}}${otherwise}\n`
            : `const ${x} = ${v}[${literal}];\nif (${x} !== undefined) {\n${emitCheck(field, x, emit)}}${otherwise}\n`;
      }
      return code;
    }
  }
}

/**
 * A check for `schema` returning the value itself or REJECTED; undefined when lean-parse cannot
 * express it. Made for JSON.parse's output: a field holding `undefined` counts as absent (as
 * zod's optional() takes it), and a field is read, not tested with hasOwn, unless its name is
 * also one of Object.prototype's.
 */
export function compileCheck(schema: unknown): LeanParser | undefined {
  const closures = compileLean(schema, "check");
  if (!closures) return undefined;
  const emit: Emitter = { constants: [], names: 0 };
  try {
    const body = emitCheck(schema as Schema, "v", emit);
    const factory = new Function("R", "hasOwn", "c", `"use strict";\nreturn (v) => {\n${body}return v;\n};`) as (
      rejected: typeof REJECTED,
      hasOwn: typeof Object.hasOwn,
      constants: unknown[],
    ) => LeanParser;
    return factory(REJECTED, Object.hasOwn, emit.constants);
  } catch {
    // Code generation refused (a Node flag or policy): the closures check the same way.
    return closures;
  }
}
