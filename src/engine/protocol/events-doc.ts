// Renders docs/events.md: the published JSON Schema of every event. A test keeps the
// committed file equal to this output, so the docs cannot drift from the code.
import { z } from "zod";
import { agentEventSchema, payloads, type EventType } from "../events.js";

export function renderEventsDoc(): string {
  const lines = [
    "# Events (the stream-json and wire format)",
    "",
    "Generated from `src/engine/events.ts` by `npm run docs:events`; a test fails when this file is stale.",
    "",
    "Every event is one JSON object with `type`, `seq` (increasing by one within a session) and `ts`",
    "(ISO-8601), optionally `agentId` and `parentCallId` (set on events a child agent published),",
    "plus the fields below. `--output-format stream-json` prints exactly these objects, one per",
    "line, and the session file holds the same lines after a header line",
    '(`{"format":"mini-agent-wire","version":1,"sessionId",…}`).',
    "",
  ];
  for (const type of Object.keys(payloads) as EventType[]) {
    const schema = z.toJSONSchema(payloads[type]) as { properties?: Record<string, unknown> };
    const { $schema: _drop, ...rest } = schema as Record<string, unknown>;
    lines.push(`## \`${type}\``, "", "```json", JSON.stringify(rest, null, 2), "```", "");
  }
  const { $schema: _schema, ...union } = z.toJSONSchema(agentEventSchema) as Record<string, unknown>;
  lines.push("## The whole union (for validators)", "", "```json", JSON.stringify(union, null, 2), "```", "");
  return lines.join("\n");
}
