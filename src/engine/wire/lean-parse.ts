// A parser compiled from a JSON Schema, for the shapes our tools and events use: objects,
// strings, numbers and integers with bounds, booleans, enums, constants, arrays and nullable
// values. It accepts what zod accepts for the schema the JSON was generated from (when that
// schema is fully expressed in it, see schema-gen.ts), and returns what zod would: a
// copy that keeps only the declared properties, in their declared order. In "check" mode it
// returns the value itself, unknown keys and all (the wire reader: no copy per event line).
// Anything else, a keyword it does not know included, compiles to undefined: the caller uses
// zod. A rejected tool call is also handed to zod, which writes the message naming the field.

/** What a parser returns for a value it does not accept. */
export const REJECTED: unique symbol = Symbol("rejected");
export type LeanParser = (value: unknown) => unknown;

type Schema = Record<string, unknown>;

const isRecord = (value: unknown): value is Schema => typeof value === "object" && value !== null && !Array.isArray(value);
const isPrimitive = (value: unknown) => value === null || ["string", "number", "boolean"].includes(typeof value);

/** Only these keywords may appear, per type; `description` never constrains a value. */
const ALLOWED: Record<string, readonly string[]> = {
  string: ["minLength", "maxLength"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"],
  integer: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"],
  boolean: [],
  array: ["items", "minItems", "maxItems"],
  object: ["properties", "required"],
};

export type LeanMode = "parse" | "check";

/** A parser for `schema`, or undefined when it uses anything this compiler does not know. */
export function compileLean(schema: unknown, mode: LeanMode = "parse"): LeanParser | undefined {
  if (!isRecord(schema)) return undefined;
  if ("enum" in schema || "const" in schema) return compileChoice(schema);
  if ("anyOf" in schema) return compileNullable(schema, mode);
  const type = schema.type;
  if (Array.isArray(type)) {
    // `type: ["string", "null"]`, zod's nullable for a plain type.
    const inner = type.length === 2 && type.includes("null") ? compileLean({ ...schema, type: type.find((t) => t !== "null") }, mode) : undefined;
    return inner && ((value) => (value === null ? null : inner(value)));
  }
  if (typeof type !== "string" || !Object.hasOwn(ALLOWED, type)) return undefined;
  const allowed = new Set(["type", "description", ...ALLOWED[type]!]);
  if (Object.keys(schema).some((key) => !allowed.has(key))) return undefined;
  switch (type) {
    case "string":
      return compileString(schema);
    case "number":
    case "integer":
      return compileNumber(schema, type === "integer");
    case "boolean":
      return (value) => (typeof value === "boolean" ? value : REJECTED);
    case "array":
      return compileArray(schema, mode);
    default:
      return compileObject(schema, mode);
  }
}

/** `anyOf: [X, {type: "null"}]`, what zod writes for a nullable X; no other union. */
function compileNullable(schema: Schema, mode: LeanMode): LeanParser | undefined {
  const branches = schema.anyOf;
  if (Object.keys(schema).some((key) => !["anyOf", "description"].includes(key)) || !Array.isArray(branches) || branches.length !== 2) return undefined;
  const nullAt = branches.findIndex((branch) => isRecord(branch) && branch.type === "null" && Object.keys(branch).length === 1);
  const inner = nullAt < 0 ? undefined : compileLean(branches[1 - nullAt], mode);
  return inner && ((value) => (value === null ? null : inner(value)));
}

function compileChoice(schema: Schema): LeanParser | undefined {
  const choices = "enum" in schema ? schema.enum : [schema.const];
  if (Object.keys(schema).some((key) => !["type", "description", "enum", "const"].includes(key))) return undefined;
  if (!Array.isArray(choices) || !choices.every(isPrimitive)) return undefined;
  const allowed = new Set(choices);
  return (value) => (allowed.has(value) ? value : REJECTED);
}

const bound = (value: unknown): number | undefined | null => (value === undefined ? undefined : typeof value === "number" ? value : null);

function compileString(schema: Schema): LeanParser | undefined {
  const min = bound(schema.minLength);
  const max = bound(schema.maxLength);
  if (min === null || max === null) return undefined;
  return (value) => (typeof value === "string" && (min === undefined || value.length >= min) && (max === undefined || value.length <= max) ? value : REJECTED);
}

function compileNumber(schema: Schema, integer: boolean): LeanParser | undefined {
  const [min, max, above, below] = [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum].map(bound);
  if ([min, max, above, below].includes(null)) return undefined;
  return (value) => {
    if (typeof value !== "number" || !(integer ? Number.isSafeInteger(value) : Number.isFinite(value))) return REJECTED;
    if ((min != null && value < min) || (max != null && value > max)) return REJECTED;
    if ((above != null && value <= above) || (below != null && value >= below)) return REJECTED;
    return value;
  };
}

function compileArray(schema: Schema, mode: LeanMode): LeanParser | undefined {
  const item = compileLean(schema.items, mode);
  const min = bound(schema.minItems);
  const max = bound(schema.maxItems);
  if (!item || min === null || max === null) return undefined;
  return (value) => {
    if (!Array.isArray(value) || (min !== undefined && value.length < min) || (max !== undefined && value.length > max)) return REJECTED;
    if (mode === "check") return value.every((element) => item(element) !== REJECTED) ? value : REJECTED;
    const out: unknown[] = [];
    for (const element of value) {
      const parsed = item(element);
      if (parsed === REJECTED) return REJECTED;
      out.push(parsed);
    }
    return out;
  };
}

function compileObject(schema: Schema, mode: LeanMode): LeanParser | undefined {
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  if (!isRecord(properties) || !Array.isArray(required)) return undefined;
  const fields: [string, LeanParser, boolean][] = [];
  for (const [key, field] of Object.entries(properties)) {
    const parser = compileLean(field, mode);
    if (!parser) return undefined;
    fields.push([key, parser, required.includes(key)]);
  }
  if (required.some((key) => !Object.hasOwn(properties, key))) return undefined;
  return (value) => {
    if (!isRecord(value)) return REJECTED;
    const out: Record<string, unknown> | undefined = mode === "parse" ? {} : undefined;
    for (const [key, parser, isRequired] of fields) {
      if (!Object.hasOwn(value, key)) {
        if (isRequired) return REJECTED;
        continue;
      }
      const parsed = parser(value[key]);
      if (parsed === REJECTED) return REJECTED;
      if (out) out[key] = parsed;
    }
    return out ?? value;
  };
}
