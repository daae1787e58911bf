// The wire reader's per-line checks (lean-parse.ts's "check" mode) written as code, one function
// per event type. `npm run gen:schemas` renders them into event-checks.generated.ts (ADR 0030),
// so a resume compiles nothing at run time: no schema walk, no new Function, and the same code
// where code generation from strings is refused. Code that reads `value.text` where lean-parse's
// closures read `value[key]` keeps each property read specialised to its event's shape (ADR 0024).
// On JSON.parse's output, the same verdicts as compileLean(schema, "check") (the tests hold the
// generated checks to it and to zod). Only a field holding `undefined`, which JSON cannot make,
// differs: absent here (as zod's optional() takes it). The schemas are our own generated
// constants; every key and constant is written as a JSON literal, never spliced raw.
import { compileLean } from "./lean-parse.js";

type Schema = Record<string, unknown>;

export interface Emitter {
  /** Values the code refers to as `c[index]` (choice sets, bounds). */
  constants: unknown[];
  names: number;
}

/** A value JSON.stringify writes as a JavaScript literal of the same value. */
const isLiteral = (value: unknown) => typeof value === "string" || typeof value === "boolean" || value === null || Number.isFinite(value);
const constant = (emit: Emitter, value: unknown) => `c[${emit.constants.push(value) - 1}]`;
const fresh = (emit: Emitter, prefix: string) => `${prefix}${(emit.names += 1)}`;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A bound an integer check already holds: Number.isSafeInteger keeps within ±(2^53 - 1). */
function impliedBySafeInteger(schema: Schema, keyword: string): boolean {
  if (schema.type !== "integer") return false;
  const value = schema[keyword] as number;
  if (keyword === "maximum") return value >= Number.MAX_SAFE_INTEGER;
  if (keyword === "minimum") return value <= -Number.MAX_SAFE_INTEGER;
  return false;
}

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
  const bound = (keyword: string, test: string) => {
    const value = schema[keyword];
    if (value === undefined || impliedBySafeInteger(schema, keyword)) return "";
    return `if (${test.replace("#", isLiteral(value) ? JSON.stringify(value) : constant(emit, value))}) return R;\n`;
  };
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
        const isRequired = required.includes(key);
        const read = IDENTIFIER.test(key) ? `${v}.${key}` : `${v}[${literal}]`;
        // One read per field: JSON.parse never makes an undefined value, so undefined means
        // absent, unless the name is also Object.prototype's (then an own-property test). A
        // required field needs no test of its own: every check rejects undefined.
        if (key in Object.prototype) {
          code += `if (hasOwn(${v}, ${literal})) {\nconst ${x} = ${read};\n${emitCheck(field, x, emit)}}${isRequired ? " else return R;" : ""}\n`;
          continue;
        }
        const check = emitCheck(field, x, emit);
        // A plain value's tests (a few `if (…) return R;` lines) become one test that reads
        // the field in place (V8 reads it once).
        const tests = check.split("\n").filter(Boolean).map((line) => /^if \((.*)\) return R;$/.exec(line)?.[1]);
        if (tests.every((test) => test !== undefined)) {
          const test = tests.map((one) => one!.replace(new RegExp(`\\b${x}\\b`, "g"), read)).join(" || ");
          code += isRequired ? `if (${test}) return R;\n` : `if (${read} !== undefined && (${test})) return R;\n`;
        } else if (isRequired) {
          code += `const ${x} = ${read};\n${check}`;
        } else {
          code += `const ${x} = ${read};\nif (${x} !== undefined) {\n${check}}\n`;
        }
      }
      return code;
    }
  }
}

/**
 * The statements of a check for `schema` on `v` (they `return R` on a misfit; the caller adds
 * `return v`), or undefined when lean-parse cannot express the schema. Constants go into
 * `emit.constants`, shared by every check rendered with the same emitter. Needs `R` (REJECTED),
 * `hasOwn` (Object.hasOwn) and `c` (the constants) in scope.
 */
export function renderCheck(schema: unknown, emit: Emitter): string | undefined {
  if (!compileLean(schema, "check")) return undefined;
  return emitCheck(schema as Schema, "v", emit);
}

/** A constant as source: a set of choices, or a JSON literal. */
export function renderConstant(value: unknown): string {
  if (value instanceof Set) return `new Set(${JSON.stringify([...value])})`;
  if (isLiteral(value)) return JSON.stringify(value);
  throw new Error(`a check constant cannot be written as source: ${String(value)}`);
}
