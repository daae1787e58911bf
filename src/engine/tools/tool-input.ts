// The input of a built-in tool without zod at start-up: its JSON Schema comes from the file
// generated at build time, and a call is parsed by a lean parser compiled from that schema on
// first use. zod (and the schemas in tool-inputs.ts) load only when the lean parser rejects a
// call, to name the bad field in zod's words, or for a schema the JSON cannot fully express.
import { compileLean, REJECTED, type LeanParser } from "../wire/lean-parse.js";
import { TOOL_SCHEMAS } from "./tool-schemas.generated.js";
import type { ToolInputKey, ToolInputOf } from "./tool-inputs.js";
import { describeIssues, type ToolInput } from "./tool.js";

/** `refine`: the refinement the zod schema has (tool-inputs.ts, leanRefinements), when it has one. */
export function builtinInput<K extends ToolInputKey>(key: K, refine?: (input: ToolInputOf<K>) => boolean): ToolInput<ToolInputOf<K>> {
  const entry = TOOL_SCHEMAS[key];
  if (!entry) throw new Error(`no generated JSON Schema for the tool input ${key}: run npm run gen:schemas`);
  if (entry.refined && !refine) throw new Error(`the tool input ${key} is refined: pass its refinement to builtinInput`);
  let lean: LeanParser | null | undefined;
  return {
    schema: entry.schema,
    async parse(raw) {
      if (entry.lean) {
        lean ??= compileLean(entry.schema) ?? null;
        const data = lean ? lean(raw) : REJECTED;
        if (data !== REJECTED && (!refine || refine(data as ToolInputOf<K>))) return { data: data as ToolInputOf<K> };
      }
      const { toolInputs } = await import("./tool-inputs.js");
      const parsed = toolInputs[key].safeParse(raw);
      return parsed.success ? { data: parsed.data as ToolInputOf<K> } : { issues: describeIssues(parsed.error.issues) };
    },
  };
}
