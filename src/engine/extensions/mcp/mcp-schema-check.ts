// A small sanity check of one MCP tool's input schema before it is offered to the model.
// Every request repeats the tool list, so one schema a provider refuses (a type it does not
// know, `additionalProperties: 5`) would fail every request of the session, and one huge
// schema would be sent with each of them: such a tool is left out, with a reason, and the
// server's other tools stay. Not a full JSON Schema validator: the shapes providers reject.

/** A schema's serialized size above which the tool is not offered (about 8k tokens). */
export const MAX_SCHEMA_BYTES = 32 * 1024;

const TYPES = new Set(["string", "number", "integer", "boolean", "array", "object", "null"]);
/** Keywords whose value is one schema. */
const ONE_SCHEMA = ["items", "additionalItems", "contains", "not", "if", "then", "else", "propertyNames", "unevaluatedItems", "unevaluatedProperties"];
/** Keywords whose value is a list of schemas. */
const SCHEMA_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems"];
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];
/** Deeper than this is no input a model fills in; it also bounds the walk. */
const MAX_DEPTH = 32;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Why this input schema cannot be offered, or undefined when it can. */
export function inputSchemaProblem(schema: Record<string, unknown>): string | undefined {
  const bytes = Buffer.byteLength(JSON.stringify(schema), "utf8");
  if (bytes > MAX_SCHEMA_BYTES) return `its input schema is ${Math.ceil(bytes / 1024)} KB, over the ${MAX_SCHEMA_BYTES / 1024} KB cap`;
  if (schema.type !== "object") return "its input schema's top level is not an object";
  const problem = subschemaProblem(schema, "", 0);
  return problem ? `its input schema ${problem}` : undefined;
}

function subschemaProblem(schema: unknown, at: string, depth: number): string | undefined {
  const where = at === "" ? "" : ` at ${at}`;
  if (typeof schema === "boolean") return undefined;
  if (!isObject(schema)) return `has a schema${where} that is not an object`;
  if (depth > MAX_DEPTH) return `nests deeper than ${MAX_DEPTH} levels`;
  const { type } = schema;
  const types = Array.isArray(type) ? type : type === undefined ? [] : [type];
  const unknown = types.find((name) => typeof name !== "string" || !TYPES.has(name));
  if (unknown !== undefined) return `has type ${JSON.stringify(unknown)}${where}, which is no JSON Schema type`;
  if (schema.required !== undefined && !(Array.isArray(schema.required) && schema.required.every((name) => typeof name === "string"))) {
    return `has "required"${where} that is not a list of names`;
  }
  if (schema.enum !== undefined && !Array.isArray(schema.enum)) return `has "enum"${where} that is not a list`;
  if (schema.additionalProperties !== undefined && typeof schema.additionalProperties !== "boolean" && !isObject(schema.additionalProperties)) {
    return `has "additionalProperties"${where} that is neither true, false nor a schema`;
  }
  const inner = (value: unknown, path: string) => subschemaProblem(value, path, depth + 1);
  for (const key of ONE_SCHEMA) {
    if (schema[key] === undefined) continue;
    // Draft 4's tuple form: `items` as a list of schemas.
    const values = key === "items" && Array.isArray(schema[key]) ? (schema[key] as unknown[]) : [schema[key]];
    for (const [index, value] of values.entries()) {
      const problem = inner(value, `${at}/${key}${values.length > 1 ? `/${index}` : ""}`);
      if (problem) return problem;
    }
  }
  if (isObject(schema.additionalProperties)) {
    const problem = inner(schema.additionalProperties, `${at}/additionalProperties`);
    if (problem) return problem;
  }
  for (const key of SCHEMA_LISTS) {
    if (schema[key] === undefined) continue;
    if (!Array.isArray(schema[key])) return `has "${key}"${where} that is not a list of schemas`;
    for (const [index, value] of (schema[key] as unknown[]).entries()) {
      const problem = inner(value, `${at}/${key}/${index}`);
      if (problem) return problem;
    }
  }
  for (const key of SCHEMA_MAPS) {
    if (schema[key] === undefined) continue;
    if (!isObject(schema[key])) return `has "${key}"${where} that is not an object of schemas`;
    for (const [name, value] of Object.entries(schema[key] as Record<string, unknown>)) {
      const problem = inner(value, `${at}/${key}/${name}`);
      if (problem) return problem;
    }
  }
  return undefined;
}
