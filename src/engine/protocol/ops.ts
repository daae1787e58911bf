// The operations a face sends the engine, defined once (issue 22, ADR 0039). Every op carries
// the sender's `id`; its outcome comes back as an `op.result` event naming that id, so no
// operation answers out of band. `mini-agent rpc` reads these objects, one per stdin line.
//
// Only the rpc path validates with these schemas at run time: in-process faces import the
// types (`import type`, erased), so the print path still loads no zod (ADR 0023).
import { z } from "zod";
import { NAME_PATTERN, THINKING_LEVELS } from "./field-values.js";

// A string or a number, as JSON-RPC ids are: clients number their requests either way.
const id = z.union([z.string().min(1), z.number()]).describe("The sender's id for this op (a string or a number); the `op.result` event names it as given.");
const thinkingLevel = z.enum(THINKING_LEVELS);
// Not blank, as the flags' names: "   " would otherwise be taken for no name at all.
const name = () => z.string().regex(NAME_PATTERN, "blank; give a name");

/** Each op's fields besides `id` and `op`, keyed by the op's name. */
export const opFields = {
  submit: z.object({
    text: z.string().describe("The prompt. May be empty when `images` are given (an image alone is a prompt); blank text without images is refused."),
    images: z
      .array(
        z.object({
          mediaType: z.string().describe("image/png, image/jpeg, image/gif or image/webp."),
          base64: z.string().describe("The image's bytes, base64 (at most 5 MiB decoded; 10 MiB for all of a prompt's images)."),
        }),
      )
      .optional()
      .describe("Images sent with the prompt. A bad one (another type, not base64, too large) refuses the op, naming its index, and no turn starts."),
  }),
  abortTurn: z.object({}),
  interruptCommand: z.object({
    callId: z.string().optional().describe("The `tool.call` whose command to stop; absent: whichever runs."),
  }),
  answerApproval: z.object({
    requestId: z.string().min(1).describe("The `id` of the `approval.request` event."),
    decision: z.enum(["allow", "always", "deny"]).describe("`always` allows this and what the request's `scope` covers for the session."),
    note: z.string().optional().describe("Words for the model from whoever answered."),
  }),
  answerQuestion: z.object({
    requestId: z.string().min(1).describe("The `id` of the `question.asked` event."),
    answer: z
      .union([
        z.object({ choices: z.array(z.string()) }),
        z.object({ text: z.string() }),
        z.object({ dismissed: z.literal(true) }),
      ])
      .describe("`{choices: [labels]}`, `{text}` or `{dismissed: true}`."),
  }),
  setModel: z.object({
    provider: name().optional().describe("A provider or preset name; absent: the current provider."),
    model: name(),
  }),
  setThinking: z.object({ level: thinkingLevel }),
  compact: z.object({ instructions: z.string().optional().describe("What the summary should focus on.") }),
  clearContext: z.object({}),
  undo: z.object({
    to: z.number().int().positive().optional().describe("The turn (1 = the first) to go back to before; absent: the last turn that changed files."),
    dryRun: z.boolean().optional().describe("Only say which files would change."),
  }),
  snapshot: z.object({
    history: z.boolean().optional().describe("Include the session's events so far (read back from its file)."),
  }),
  shutdown: z.object({}),
} as const;

export type OpName = keyof typeof opFields;
export const opNames = Object.keys(opFields) as OpName[];


/** What each op does, for docs/protocol.md (and a reader of this file). */
export const opSummaries: Record<OpName, string> = {
  submit: "A prompt: runs now when idle, else queues (a `prompt.queued` event); value: `{id, prompt}`.",
  abortTurn: "Stops the running turn and drops the queue; pending approvals are denied.",
  interruptCommand: "Kills the running command's process tree; the turn goes on. Fails when that call (or, without `callId`, any call) runs no command.",
  answerApproval: "Answers an `approval.request` by its `id`. Fails when no request with that id waits.",
  answerQuestion:
    "Answers a `question.asked` by its `id`: option labels, free text, or dismissed. Fails when no question with that id waits, or when the answer does not fit it (a choice not among its options, one chosen twice, several where `multiple` is false, any for a question without options); the question then stays open for another answer.",
  setModel: "Switches the model before the next turn (a running turn keeps its model); value: `{provider, model}`.",
  setThinking: "Sets the thinking level the next requests use.",
  compact: "Summarises the older conversation now (between turns); value: `{compacted, reason?}` (`compacted: false` when there was nothing to summarise). Fails while a turn runs, as `clearContext` and `undo` do.",
  clearContext: "A fresh context in the same session file (between turns). Fails while a turn runs.",
  undo: "Puts the workspace back to a checkpoint (between turns); value: `{target, saved?, changes, kept}` (the files restored). Fails with the reason when it cannot.",
  snapshot: "What a face attaching late needs; value: the snapshot described above.",
  shutdown: "Stops what runs, denies pending approvals, closes the session; rpc exits 0 after its result.",
};

function opSchema<N extends OpName>(name: N) {
  return opFields[name].extend({ id, op: z.literal(name) }).strict();
}

/** Every op, discriminated by `op`; unknown fields are refused (a typo must not pass silently). */
export const anyOpSchema = z.discriminatedUnion(
  "op",
  opNames.map((name) => opSchema(name)) as unknown as [ReturnType<typeof opSchema>, ...ReturnType<typeof opSchema>[]],
);

/** An op's own fields (zod types an empty object as an index signature of never; that is `{}` here). */
export type OpInput<N extends OpName> = { [K in keyof z.infer<(typeof opFields)[N]> as string extends K ? never : K]: z.infer<(typeof opFields)[N]>[K] };
export type Op = { [N in OpName]: { id: OpId; op: N } & OpInput<N> }[OpName];
/** The sender's id for an op, echoed in its `op.result` as given. */
export type OpId = string | number;
export type OpOf<N extends OpName> = Extract<Op, { op: N }>;
