// Renders docs/protocol.md: the ops a face sends (from ops.ts), how they are answered, and how
// `mini-agent rpc` carries them. A test keeps the committed file equal to this output, so the
// docs cannot drift from the schema. Nothing at run time imports this file.
import { z } from "zod";
import { payloads } from "../events.js";
import { anyOpSchema, opFields, opNames, opSummaries } from "./ops.js";

const jsonSchema = (schema: z.ZodType) => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return JSON.stringify(rest, null, 2);
};

const INTRO = `# The protocol (ops in, events out)

Generated from \`src/engine/protocol/ops.ts\` by \`npm run docs:protocol\`; a test fails when this file is stale.

The engine has one surface (ADR 0039): a face sends **ops** and reads **events**
([docs/events.md](events.md)). Every op carries an \`id\` chosen by the sender (a non-empty string
or a number, as JSON-RPC ids are) and is answered by exactly one \`op.result\` event naming that
id as given (\`2\` comes back as \`2\`, \`"2"\` as \`"2"\`):

\`\`\`json
{"type":"op.result","seq":7,"ts":"…","id":"1","op":"submit","ok":true,"value":{"id":"…","prompt":"hi"}}
{"type":"op.result","seq":9,"ts":"…","id":"2","op":"answerApproval","ok":false,"error":"no approval request with id r-9 is waiting (unknown, or already answered)"}
\`\`\`

\`ok: false\` carries an \`error\` naming the field, value or state that was wrong; the session goes on.
An op that works only between turns (\`compact\`, \`clearContext\`, \`undo\`) fails while a turn runs.
What an op sets in motion (a turn, a model switch, a compaction) is reported by the usual events
as it happens; \`op.result\` says whether the op was taken and, where an op has one, its \`value\`.
\`op.result\` is live only: it is never written to the session file, and it carries the \`seq\` of the
event before it without advancing the count (the session's numbering has no holes).

In-process faces (the TUI, print mode) hold an \`EngineSession\` (\`src/engine/surface.ts\`): its
\`submit(op)\` is this protocol, and its named methods (\`submit(prompt)\`, \`answerApproval\`,
\`setModel\`, …) are thin typed wrappers that send one op each and return the value of its
\`op.result\`. Faces never see the reducer's state: they fold events, or ask for a \`snapshot\`.

## \`mini-agent rpc\`

The protocol over stdio. stdin: one JSON op per line, the \`op\` field naming the op and its
fields beside it, e.g. \`{"id":"1","op":"submit","text":"fix the failing test"}\`. stdout: one
JSON event per line and nothing else (notices are \`notice\` events; diagnostics go to stderr).

- Approvals arrive as \`approval.request\` events and wait until the client sends
  \`{"op":"answerApproval","requestId":<the request's id>,"decision":"allow"|"always"|"deny"}\`;
  nobody answers for the client (\`--yes\` allows, as in print mode; rules and refusals still apply).
  Questions (\`question.asked\`) are answered with \`answerQuestion\` the same way.
- A line that is not an op (not JSON, an unknown \`op\`, a missing or unknown field) is answered
  with \`{"type":"op.result","ok":false,"error":…}\`, with the line's \`id\` when it had one.
- A line may be at most 32 MiB (a prompt's images, 10 MiB decoded, fit with room). A longer one
  is answered as soon as it passes the limit with a failed \`op.result\` naming the limit (with its
  \`id\` when the line's first bytes show it), skipped up to its newline, and the session goes on.
- Every op line is answered by its own \`op.result\`, even when ops in flight share an \`id\`
  (ids need not be unique; replies to ops sharing one come in the order the ops finish).
  Only the client's own ops are answered on stdout.
- \`shutdown\`: the running turn stops, pending approvals are denied, the session closes, its
  \`op.result\` is the last line, and the process exits 0. An op that arrives while the session
  closes is answered \`ok: false\` ("the session is shutting down"); what is still unread once
  the shutdown's reply is written is not read.
- EOF on stdin: no answer can come any more. What was submitted still runs to its end, but every
  approval and question, open or asked later, is denied or dismissed ("nobody can answer"); then the
  session closes and the process exits 0.
- SIGINT / SIGTERM / SIGHUP stop the turn and exit 130 / 143 / 129; a closed stdout exits 141.
  Flags as for a session: \`-c\`, \`-r <id>\`, \`--fork <id>\`, \`--provider\`, \`--model\`, \`--thinking\`,
  \`--yes\`, \`--sandbox\`, \`--agent\`, \`--trust-project\` (\`mini-agent rpc --help\`).

## The snapshot

\`{"id":"s","op":"snapshot","history":true}\` answers with what a face attaching late needs:
\`sessionId\`, \`provider\`, \`model\`, \`thinking\` (when set), \`busy\`, \`queue\` (\`[{id, prompt}]\`),
\`contextBudget\` (tokens before compaction), \`skills\` (\`[{name, description, scope}]\`), \`usage\`
(the session's token totals), \`pendingApprovals\` and \`pendingQuestions\` (ids still waiting),
\`unsaved\` (\`{file, events, reason}\`, only while events are missing from the session file, as on a
full disk) and, with \`history: true\`, \`events\`: the session's events so far, read back from its file.

## The ops
`;

export function renderProtocolDoc(): string {
  const lines = [INTRO];
  for (const name of opNames) {
    lines.push(`### \`${name}\``, "", opSummaries[name], "", "```json", jsonSchema(opFields[name]), "```", "");
  }
  lines.push("## `op.result`", "", "```json", jsonSchema(payloads["op.result"]), "```", "");
  lines.push("## The whole union (for validators)", "", "Besides its fields, every op has `id` (a non-empty string) and `op` (its name); other fields are refused.", "", "```json", jsonSchema(anyOpSchema), "```", "");
  return lines.join("\n");
}
