// Renders docs/events.md: the published JSON Schema of every event. A test keeps the
// committed file equal to this output, so the docs cannot drift from the code.
import { z } from "zod";
import { agentEventSchema, payloads, type EventType } from "../events.js";
import { WIRE_VERSION } from "../wire/wire-format.js";
import { LIVE_ONLY, NEVER_WRITTEN } from "../wire/wire-policy.js";

const names = (types: ReadonlySet<EventType>) => [...types].map((type) => `\`${type}\``).join(", ");

export function renderEventsDoc(): string {
  const lines = [
    "# Events (the stream-json and wire format)",
    "",
    "Generated from `src/engine/events.ts` by `npm run docs:events`; a test fails when this file is stale.",
    "",
    "Every event is one JSON object with `type`, `seq` (increasing by one within a session; the file",
    "skips the numbers live-only events took) and `ts`",
    "(ISO-8601), optionally `agentId` and `parentCallId` (set on events a child agent published),",
    "plus the fields below.",
    "",
    "The session file holds completed items (ADR 0040): after a header line",
    `(\`{"format":"mini-agent-wire","version":${WIRE_VERSION},"sessionId",…}\`), one event per line, all but the`,
    `stream they were drawn from. Live only (faces see them, the file never does): ${names(LIVE_ONLY)};`,
    `never in the file nor in stream-json: ${names(NEVER_WRITTEN)} (the answer to an op, docs/protocol.md).`,
    "`--output-format stream-json` prints exactly the file's lines; with `--include-partial-messages`",
    "it adds the live-only events as they happen.",
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
