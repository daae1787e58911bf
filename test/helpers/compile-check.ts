// lean-check.ts's rendering of a check, compiled in the test process: the same code the
// generator writes into event-checks.generated.ts, for schemas made up in a test.
import { renderCheck, type Emitter } from "../../src/engine/wire/lean-check.js";
import { REJECTED, type LeanParser } from "../../src/engine/wire/lean-parse.js";

export function compileCheck(schema: unknown): LeanParser | undefined {
  const emit: Emitter = { constants: [], names: 0 };
  const body = renderCheck(schema, emit);
  if (body === undefined) return undefined;
  const factory = new Function("R", "hasOwn", "c", `"use strict";\nreturn (v) => {\n${body}return v;\n};`) as (
    rejected: typeof REJECTED,
    hasOwn: typeof Object.hasOwn,
    constants: unknown[],
  ) => LeanParser;
  return factory(REJECTED, Object.hasOwn, emit.constants);
}
