// The JSON Schemas generated at build time (docs/adr/0023-schemas-at-build-time.md) must be
// exactly what zod makes of their sources today: the committed files are compared with a fresh
// rendering, and the tool specs the registry sends with what it sent when it ran zod itself.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { renderEventChecks, renderEventSchemas, renderToolSchemas } from "../../src/engine/protocol/schema-gen.js";
import { modelFacing, ToolRegistry } from "../../src/engine/tools/registry.js";
import { builtinInput } from "../../src/engine/tools/tool-input.js";
import { leanRefinements, toolInputs, type ToolInputKey } from "../../src/engine/tools/tool-inputs.js";
import { defineTool } from "../../src/engine/tools/tool.js";

const committed = (file: string) => readFileSync(new URL(`../../src/engine/${file}`, import.meta.url), "utf8");

describe("generated schema files", () => {
  it("tools/tool-schemas.generated.ts matches tool-inputs.ts (run `npm run gen:schemas` when this fails)", () => {
    expect(committed("tools/tool-schemas.generated.ts")).toBe(renderToolSchemas());
  });

  it("event-schemas.generated.ts matches events.ts (run `npm run gen:schemas` when this fails)", () => {
    expect(committed("protocol/event-schemas.generated.ts")).toBe(renderEventSchemas());
  });

  it("event-checks.generated.ts is lean-check.ts's code for those schemas (run `npm run gen:schemas` when this fails)", () => {
    expect(committed("wire/event-checks.generated.ts")).toBe(renderEventChecks());
  });

  it("the registry sends, byte for byte, the specs it derived from zod at start-up before", () => {
    const keys = Object.keys(toolInputs) as ToolInputKey[];
    for (const key of keys) {
      const tool = defineTool({ name: "t", description: "d", kind: "read", input: builtinInput(key, leanRefinements[key] as never), execute: async () => ({ content: "" }) });
      const { $schema: _ignored, ...fromZod } = z.toJSONSchema(toolInputs[key], { io: "input" }) as Record<string, unknown>;
      const [spec] = new ToolRegistry([tool]).specs();
      expect(JSON.stringify(spec!.inputSchema), key).toBe(JSON.stringify(modelFacing(fromZod)));
    }
  });
});
