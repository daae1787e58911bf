// Renders the generated schema files from their zod sources (run through `npm run gen:schemas`;
// docs/adr/0023-schemas-at-build-time.md): tools/tool-schemas.generated.ts from
// tools/tool-inputs.ts, event-schemas.generated.ts from events.ts, and event-checks.generated.ts
// (the wire reader's checks as code, ADR 0030) from those event schemas. A test keeps the committed
// files equal to this output, so the JSON the model is sent, and the checks a call or a wire
// line goes through, cannot drift from the zod schemas. Nothing at run time imports this file.
import { NEVER_WRITTEN } from "../wire/wire-policy.js";
import { z } from "zod";
import { eventSchemas } from "../events.js";
import { renderCheck, renderConstant, type Emitter } from "../wire/lean-check.js";
import { leanRefinements, toolInputs, type ToolInputKey } from "../tools/tool-inputs.js";

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string; fn?: unknown } } }[];
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const LENGTH_CHECKS = ["min_length", "max_length"];
const NUMBER_CHECKS = ["greater_than", "less_than"];

/**
 * Whether the schema's JSON Schema says everything it checks: only these kinds and checks,
 * no refinement (but `refinement` at the top, which the lean parser is handed too), transform,
 * default, union or catch-all. Only then may the lean parser decide.
 */
export function fullyExpressed(schema: z.ZodType, refinement?: unknown): boolean {
  const def = defOf(schema);
  const checks = (def.checks ?? []).map(({ _zod }) => _zod.def);
  switch (def.type) {
    case "boolean":
    case "enum":
    case "literal":
      return checks.length === 0;
    case "string":
      return checks.every(({ check }) => LENGTH_CHECKS.includes(check));
    case "number":
      return checks.every(({ check, format }) => NUMBER_CHECKS.includes(check) || (check === "number_format" && format === "safeint"));
    case "optional":
    case "nullable":
      return checks.length === 0 && def.innerType !== undefined && fullyExpressed(def.innerType);
    case "array":
      return checks.every(({ check }) => LENGTH_CHECKS.includes(check)) && def.element !== undefined && fullyExpressed(def.element);
    case "object":
      return (
        checks.every(({ check, fn }) => check === "custom" && fn !== undefined && fn === refinement) &&
        !def.catchall &&
        Object.values(def.shape ?? {}).every((field) => fullyExpressed(field))
      );
    default:
      return false;
  }
}

export function renderToolSchemas(): string {
  const entries: Record<string, { lean: boolean; refined?: true; schema: Record<string, unknown> }> = {};
  for (const [key, schema] of Object.entries(toolInputs) as [ToolInputKey, z.ZodType][]) {
    const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: "input" }) as Record<string, unknown>;
    const refinement = leanRefinements[key];
    entries[key] = { lean: fullyExpressed(schema, refinement), ...(refinement ? { refined: true as const } : {}), schema: json };
  }
  return [
    "// Generated from src/engine/tools/tool-inputs.ts by `npm run gen:schemas`: do not edit.",
    "// `lean`: the JSON Schema says all the zod schema checks, so the lean parser may accept a call;",
    "// `refined`: only together with the refinement the tool hands it (tool-inputs.ts, leanRefinements).",
    "export const TOOL_SCHEMAS: Record<string, { lean: boolean; refined?: true; schema: Record<string, unknown> } | undefined> = " +
      `${JSON.stringify(entries, null, 2)};`,
    "",
  ].join("\n");
}

/** Every event's full JSON Schema (payload, type, envelope), one line each: the wire reader's checks are rendered from these. */
export function renderEventSchemas(): string {
  const lines = [
    "// Generated from src/engine/events.ts by `npm run gen:schemas`: do not edit.",
    "// Each event's whole schema: event-checks.generated.ts (the wire reader's checks) is written from these.",
    "export const EVENT_SCHEMAS: Record<string, Record<string, unknown> | undefined> = {",
  ];
  for (const [type, json] of eventJsonSchemas()) lines.push(`  ${JSON.stringify(type)}: ${JSON.stringify(json)},`);
  lines.push("};", "");
  return lines.join("\n");
}

/** Events never written to a session file (wire-policy.ts), so the wire reader never checks them. */
export const LIVE_ONLY_EVENTS: ReadonlySet<string> = NEVER_WRITTEN;

function eventJsonSchemas(): [string, Record<string, unknown>][] {
  return [...eventSchemas].filter(([type]) => !LIVE_ONLY_EVENTS.has(type)).map(([type, schema]) => {
    if (!fullyExpressed(schema)) throw new Error(`the event schema ${type} checks more than its JSON Schema says; the wire reader could not check it`);
    const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: "input" }) as Record<string, unknown>;
    return [type, json];
  });
}

/** Every event's check as a function (lean-check.ts), keyed by type: what the wire reader runs per line. */
export function renderEventChecks(): string {
  const emit: Emitter = { constants: [], names: 0 };
  const checks = eventJsonSchemas().map(([type, json]) => {
    const body = renderCheck(json, emit);
    if (body === undefined) throw new Error(`the event schema ${type} cannot be checked by generated code`);
    return `  [${JSON.stringify(type)}, (v) => {\n${indent(body)}    return v;\n  }],`;
  });
  return [
    "// Generated from src/engine/events.ts by `npm run gen:schemas`: do not edit.",
    "// One check per event type (lean-check.ts): the line's own object if it fits its schema, else REJECTED.",
    "/* eslint-disable */",
    'import { REJECTED as R } from "../wire/lean-parse.js";',
    "",
    "const hasOwn = Object.hasOwn;",
    `const c = [${emit.constants.map(renderConstant).join(", ")}] as const;`,
    "",
    "// `any`: each check reads the fields of whatever JSON.parse made, and typeof tests each one.",
    "export const EVENT_CHECKS: ReadonlyMap<string, (v: any) => unknown> = new Map<string, (v: any) => unknown>([",
    ...checks,
    "]);",
    "",
  ].join("\n");
}

function indent(body: string): string {
  let depth = 2;
  return body
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      if (line.startsWith("}")) depth -= 1;
      const out = `${"  ".repeat(depth)}${line}`;
      if (line.endsWith("{")) depth += 1;
      return out;
    })
    .map((line) => `${line}\n`)
    .join("");
}
