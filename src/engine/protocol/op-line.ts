// One line of `mini-agent rpc`'s input → an Op, or the reason it is not one, naming the field or
// value (the reply is an `op.result` with `ok: false`, and the session goes on). Loaded only on
// the rpc path: it validates with zod (ADR 0023 keeps zod off the print path).
import type { z } from "zod";
import { anyOpSchema, opNames, type Op } from "./ops.js";

export type OpLine = { ok: true; op: Op } | { ok: false; id?: string | number; op?: string; error: string };

const EXAMPLE = '{"id":"1","op":"submit","text":"hi"}';

/** Whether the line had anything at the issue's path (zod leaves the input out of its issues). */
function present(value: unknown, path: readonly PropertyKey[]): boolean {
  let at: unknown = value;
  for (const key of path) {
    if (typeof at !== "object" || at === null || !(key in at)) return false;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at !== undefined;
}

function describeIssue(issue: z.core.$ZodIssue, value: unknown): string {
  const field = issue.path.join(".");
  // A union's own words ("Invalid input") say nothing; the id's two shapes are known.
  if (field === "id") return present(value, issue.path) ? 'field "id": expected a non-empty string or a number' : 'missing field "id" (a string or a number)';
  if (issue.code === "unrecognized_keys") return `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((key) => JSON.stringify(key)).join(", ")}`;
  if (field && !present(value, issue.path)) return `missing field "${field}"${issue.code === "invalid_type" ? ` (${issue.expected})` : ""}`;
  return field ? `field "${field}": ${issue.message}` : issue.message;
}

export function parseOpLine(line: string): OpLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return { ok: false, error: `not JSON (${(error as Error).message}); an op is one JSON object per line, like ${EXAMPLE}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, error: `an op is a JSON object, like ${EXAMPLE}; got ${Array.isArray(value) ? "an array" : JSON.stringify(value)}` };
  }
  const record = value as Record<string, unknown>;
  // Echoed as given, so a client can pair even a refusal with its line.
  const id = (typeof record.id === "string" && record.id) || (typeof record.id === "number" && Number.isFinite(record.id)) ? (record.id as string | number) : undefined;
  const name = typeof record.op === "string" ? record.op : undefined;
  const known = name !== undefined && (opNames as string[]).includes(name);
  const about = { ...(id !== undefined ? { id } : {}), ...(known ? { op: name } : {}) };
  if (!known) {
    const got = name === undefined ? 'no "op" field' : `unknown op ${JSON.stringify(name)}`;
    return { ok: false, ...about, error: `${got}; expected one of: ${opNames.join(", ")}` };
  }
  const parsed = anyOpSchema.safeParse(value);
  if (!parsed.success) return { ok: false, ...about, error: `${name}: ${parsed.error.issues.map((issue) => describeIssue(issue, value)).join("; ")}` };
  return { ok: true, op: parsed.data as Op };
}
