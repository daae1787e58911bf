// Plain predicates compiled from the event schemas, for reading the wire back. A resume checks
// every line; zod's safeParse costs about as much as JSON.parse itself there, and copies each
// object. The event schemas only use a handful of shapes (strings, booleans, enums, bounded
// integers, optional and nullable fields, arrays, objects), so each compiles to a predicate that
// accepts exactly what its schema does on values JSON.parse can produce. Anything else (a
// refinement, a transform, a check not listed here) compiles to undefined and the caller keeps
// using zod for that event type. Unknown keys are accepted, as zod's default objects do.
import type { z } from "zod";

export type Check = (value: unknown) => boolean;

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  entries?: Record<string, unknown>;
  values?: unknown[];
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
}

interface CheckDef {
  check: string;
  format?: string;
  value?: unknown;
  inclusive?: boolean;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A predicate for `schema`, or undefined when it uses anything this compiler does not know. */
export function compileCheck(schema: z.ZodType): Check | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case "string":
      return def.checks?.length ? undefined : (value) => typeof value === "string";
    case "boolean":
      return (value) => typeof value === "boolean";
    case "number":
      return numberCheck(def.checks ?? []);
    case "enum": {
      const allowed = new Set(Object.values(def.entries ?? {}));
      return (value) => allowed.has(value);
    }
    case "literal": {
      const allowed = new Set(def.values ?? []);
      return (value) => allowed.has(value);
    }
    case "optional": {
      const inner = def.innerType && compileCheck(def.innerType);
      return inner && ((value) => value === undefined || inner(value));
    }
    case "nullable": {
      const inner = def.innerType && compileCheck(def.innerType);
      return inner && ((value) => value === null || inner(value));
    }
    case "array": {
      const element = !def.checks?.length && def.element ? compileCheck(def.element) : undefined;
      return element && ((value) => Array.isArray(value) && value.every(element));
    }
    case "object":
      return objectCheck(def);
    default:
      return undefined;
  }
}

function numberCheck(checks: { _zod: { def: CheckDef } }[]): Check | undefined {
  const parts: Check[] = [(value) => typeof value === "number" && Number.isFinite(value)];
  for (const { _zod } of checks) {
    const { check, format, value: bound, inclusive } = _zod.def;
    if (check === "number_format" && format === "safeint") parts.push((value) => Number.isSafeInteger(value));
    else if (check === "greater_than" && typeof bound === "number") {
      parts.push(inclusive ? (value) => (value as number) >= bound : (value) => (value as number) > bound);
    } else if (check === "less_than" && typeof bound === "number") {
      parts.push(inclusive ? (value) => (value as number) <= bound : (value) => (value as number) < bound);
    } else return undefined;
  }
  return allOf(parts);
}

/** Every check in order; a plain loop, since a resume calls these a million times, mostly cold. */
function allOf(parts: Check[]): Check {
  if (parts.length === 1) return parts[0]!;
  return (value) => {
    for (let i = 0; i < parts.length; i += 1) if (!parts[i]!(value)) return false;
    return true;
  };
}

function objectCheck(def: Def): Check | undefined {
  if (def.catchall || def.checks?.length) return undefined;
  const keys: string[] = [];
  const checks: Check[] = [];
  for (const [key, field] of Object.entries(def.shape ?? {})) {
    const check = compileCheck(field);
    if (!check) return undefined;
    keys.push(key);
    checks.push(check);
  }
  return (value) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
    const record = value as Record<string, unknown>;
    for (let i = 0; i < keys.length; i += 1) if (!checks[i]!(record[keys[i]!])) return false;
    return true;
  };
}
