// The protocol: every event the engine publishes, defined once. The TUI, the print
// renderers, the wire file and the reducer all read these objects; nothing else crosses
// the seam between the engine and its faces.
import { z } from "zod";

const toolCall = z.object({
  callId: z.string(),
  name: z.string(),
  /** Raw JSON text exactly as the model produced it (may be invalid JSON). */
  arguments: z.string(),
});

/**
 * One reasoning block: readable text with the signature that vouches for it (Anthropic's
 * signature, the Responses API's encrypted_content), or `redacted`, Anthropic's opaque
 * redacted_thinking data. One object shape rather than a union, so the wire's checks stay flat.
 */
const thinkingBlock = z.object({
  text: z.string().optional(),
  signature: z.string().optional(),
  redacted: z.string().optional(),
});

/** An image, base64 (PNG, JPEG, GIF or WebP): a tool's result or a person's prompt carries it. */
const image = z.object({ mediaType: z.string(), base64: z.string() });

const usage = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  cacheReadTokens: z.number().int().nonnegative().optional(),
  cacheWriteTokens: z.number().int().nonnegative().optional(),
  reasoningTokens: z.number().int().nonnegative().optional(),
  costUsd: z.number().nonnegative().optional(),
});

export const approvalClass = z.enum(["allow", "confirm", "deny"]);

/** Structured facts about a tool result for faces (the model reads `content`, never these). */
const toolDetails = z.object({
  /** The file a tool read or changed, relative to the workspace. */
  path: z.string().optional(),
  /** The unified diff a write or edit made. */
  diff: z.string().optional(),
  linesAdded: z.number().int().nonnegative().optional(),
  linesRemoved: z.number().int().nonnegative().optional(),
  /** A command's exit code (null when a signal ended it) and the signal's name. */
  exitCode: z.number().int().nullable().optional(),
  signal: z.string().nullable().optional(),
  timedOut: z.boolean().optional(),
  /** A background task's id. */
  taskId: z.string().optional(),
});

/** Payload schemas keyed by event type. The envelope (type, seq, ts) is added below. */
export const payloads = {
  "session.started": z.object({
    sessionId: z.string(),
    cwd: z.string(),
    provider: z.string(),
    model: z.string(),
    resumed: z.boolean(),
  }),
  "turn.started": z.object({
    turnId: z.string(),
    prompt: z.string(),
    /** Images sent with the prompt (`submit {text, images}`), base64, already checked; the reducer keeps them with it. */
    images: z.array(image).optional(),
  }),
  "step.started": z.object({ round: z.number().int().positive() }),
  /** Live only (never in the session file): a piece of the answer as it streams. */
  "assistant.delta": z.object({ text: z.string() }),
  /** Live only: a piece of the reasoning as it streams. */
  "thinking.delta": z.object({
    text: z.string(),
    /** Replaces the current block's signature (Anthropic signature, Responses encrypted_content). */
    signature: z.string().optional(),
    /**
     * Starts a new thinking block (Anthropic sends several per turn, each signed on its own);
     * without it the text continues the current block.
     */
    newBlock: z.boolean().optional(),
  }),
  /** Live only: an Anthropic redacted_thinking block as it arrives (`assistant.message` keeps it). */
  "thinking.redacted": z.object({ data: z.string() }),
  /** Live only: a tool call as soon as the model finished writing it (`assistant.message` keeps it). */
  "tool.call": toolCall,
  /**
   * The model's whole message of one step, published when its stream ends (before
   * `step.ended`): what the session file keeps of the stream, and what the conversation holds.
   */
  "assistant.message": z.object({
    text: z.string(),
    /** The reasoning blocks in stream order, each with its own signature; absent when there was none. */
    thinking: z.array(thinkingBlock).optional(),
    toolCalls: z.array(toolCall),
    /**
     * The order the parts came in, when not reasoning, then text, then calls (interleaved
     * thinking, text after a call): each slot takes the next block, the next `length`
     * characters of `text`, or the next call. Absent in older files: that default order.
     */
    order: z.array(z.object({ kind: z.enum(["thinking", "text", "call"]), length: z.number().int().nonnegative().optional() })).optional(),
    /** The stream was cut (stopped, failed): this is what had arrived. */
    partial: z.boolean().optional(),
  }),
  "step.ended": z.object({
    round: z.number().int().positive(),
    finishReason: z.enum(["stop", "tool_calls", "length", "content_filter", "aborted", "error"]),
  }),
  "approval.request": z.object({
    /** Answer with `answerApproval(id, …)`; absent in session files written before ids. */
    id: z.string().optional(),
    callId: z.string(),
    name: z.string(),
    reason: z.string(),
    /** What a person needs to decide: a diff (+N −M), a command's parsed parts. */
    preview: z.string().optional(),
    /** The target file has changes git has not committed (absent: unknown or not a repository). */
    uncommittedChanges: z.boolean().optional(),
    /** A critical file: "always allow" is not offered and not remembered. */
    critical: z.boolean().optional(),
    /**
     * What "always allow" would cover, e.g. `run_command: npm test` or `write_file: src/**`;
     * absent when "always" is not offered (critical files, compound commands).
     */
    scope: z.string().optional(),
  }),
  "approval.decision": z.object({
    /** The request's id when a request was made. */
    id: z.string().optional(),
    callId: z.string(),
    name: z.string(),
    decision: z.enum(["allow", "deny"]),
    /** Who decided: a hard rule, the remembered "always", the --yes flag, or a person. */
    by: z.enum(["rule", "memory", "flag", "user"]),
    reason: z.string(),
    /** The person chose "always allow" for the rest of the session. */
    always: z.boolean().optional(),
    /** What "always" covers from now on; old session files have none and mean the whole tool. */
    scope: z.string().optional(),
    /** Words for the model from the person who answered. */
    note: z.string().optional(),
  }),
  /** Live only: a chunk of a running command's output (`tool.result` keeps the whole). */
  "tool.output": z.object({
    callId: z.string(),
    stream: z.enum(["stdout", "stderr"]),
    chunk: z.string(),
  }),
  "tool.result": z.object({
    callId: z.string(),
    name: z.string(),
    content: z.string(),
    isError: z.boolean(),
    /** Images the tool returned (read_file on a PNG, JPEG, GIF or WebP), base64; `content` describes them. */
    images: z.array(image).optional(),
    /** Structured facts for faces (diff, exit code, path); never sent to the model. */
    details: toolDetails.optional(),
  }),
  usage: usage,
  "todo.updated": z.object({
    todos: z.array(
      z.object({
        content: z.string(),
        status: z.enum(["pending", "in_progress", "done", "blocked"]),
        note: z.string().optional(),
      }),
    ),
  }),
  /**
   * The conversation's older part was replaced by a summary to fit the context budget. The
   * full history stays in the wire; the fold applies this event, so a resumed session sends
   * exactly the compacted view the live one did.
   */
  "context.compacted": z.object({
    /** The user message that replaced the first `replaced` messages of the conversation. */
    summary: z.string(),
    replaced: z.number().int().nonnegative(),
    /** Messages kept after the summary (the recent tail, never split between a call and its result). */
    kept: z.number().int().nonnegative(),
    /**
     * `summary`: the model summarised; `dropped`: the summary request failed, the oldest part was
     * dropped; `elided`: nothing replaced (`replaced` 0, `summary` empty), only results cut (`elided`).
     */
    mode: z.enum(["summary", "dropped", "elided"]),
    trigger: z.enum(["auto", "overflow", "manual"]),
    tokensBefore: z.number().int().nonnegative(),
    tokensAfter: z.number().int().nonnegative(),
    /**
     * Files read / changed by the calls in the part this compaction replaced, each once, the
     * latest touched last; the fold adds them to the earlier compactions' (older files held every
     * file so far here, which adds up to the same list).
     */
    filesRead: z.array(z.string()),
    filesChanged: z.array(z.string()),
    /**
     * The model-written part of `summary`, bounded; with mode `dropped`, the one an earlier
     * compaction carried, so a failed summary repeats that rather than the whole earlier message.
     */
    modelSummary: z.string().optional(),
    /**
     * The user's requests taken out of the conversation so far, verbatim, oldest first: the
     * session's first one (the task) and the latest few (carried to the next compaction).
     */
    requests: z.array(z.string()).optional(),
    /** Files written before `requests`: the one latest request then kept (read as `requests: [request]`). */
    request: z.string().optional(),
    /** Why the summary request failed (mode `dropped`). */
    reason: z.string().optional(),
    /** What the person asked the summary to focus on (`/compact …`). */
    instructions: z.string().optional(),
    /**
     * Kept tool results cut so the request fits (one result nearly the budget's size): each
     * keeps `chars` characters of its start and end, its middle replaced by a note.
     */
    elided: z
      .array(
        z.object({
          callId: z.string(),
          chars: z.number().int().positive(),
          /** `arguments`: the call's own arguments were cut (each long string value), not its result. */
          part: z.literal("arguments").optional(),
        }),
      )
      .optional(),
  }),
  /**
   * A compaction's summary request is about to go out: counted in the usage's `requests` here,
   * whether it is then answered, fails, is aborted or its summary is not applied.
   */
  "context.compacting": z.object({ trigger: z.enum(["auto", "overflow", "manual"]) }),
  retry: z.object({
    attempt: z.number().int().positive(),
    delayMs: z.number().int().nonnegative(),
    reason: z.string(),
  }),
  error: z.object({
    kind: z.enum(["provider", "auth", "context_length", "stream", "tool", "wire", "internal"]),
    message: z.string(),
  }),
  /** A prompt submitted while a turn runs waits in the queue. */
  "prompt.queued": z.object({ id: z.string(), prompt: z.string() }),
  /** A queued prompt leaves the queue to run now (its `turn.started` follows). */
  "prompt.dequeued": z.object({ id: z.string() }),
  /** A queued prompt will never run (the turn was aborted, the session shut down). */
  "prompt.dropped": z.object({ id: z.string(), reason: z.string() }),
  /** Something a person should know that is not an error of the turn (a sandbox is off, a damaged line). */
  notice: z.object({ level: z.enum(["info", "warn", "error"]), message: z.string() }),
  /** The model asks the person (the `ask` tool); a face shows a picker and answers with `answerQuestion`. */
  "question.asked": z.object({
    id: z.string(),
    callId: z.string().optional(),
    question: z.string(),
    options: z.array(z.object({ label: z.string(), detail: z.string().optional() })).optional(),
    /** Several options may be picked. */
    multiple: z.boolean(),
  }),
  /** The answer: picked labels, free text, or dismissed (the model decides and states its assumption). */
  "question.answered": z.object({
    id: z.string(),
    choices: z.array(z.string()).optional(),
    text: z.string().optional(),
    dismissed: z.boolean().optional(),
  }),
  "model.changed": z.object({ provider: z.string(), model: z.string() }),
  "thinking.changed": z.object({ level: z.enum(["off", "low", "medium", "high", "max"]) }),
  /** The conversation starts afresh from here (the file keeps what came before). */
  "context.cleared": z.object({}),
  /** A snapshot of the workspace's files (ADR 0011), before a turn's first mutating call or before an undo. */
  "checkpoint.created": z.object({
    /** The turn it was taken in (absent for an undo run from the command line). */
    turnId: z.string().optional(),
    reason: z.enum(["turn", "undo"]),
    /** The snapshot commit in the session's private object store. */
    commit: z.string(),
    files: z.number().int().nonnegative(),
  }),
  /** The workspace was put back to a checkpoint (undo): the model hears which files changed under it. */
  "workspace.restored": z.object({
    /** The checkpoint restored to, and the commit of that snapshot. */
    checkpoint: z.number().int().positive(),
    commit: z.string(),
    /** Workspace-relative paths the restore rewrote, deleted or brought back (at most 50). */
    files: z.array(z.string()),
    /** How many more files changed beyond `files`. */
    more: z.number().int().nonnegative(),
  }),
  "turn.ended": z.object({
    turnId: z.string(),
    /** `interrupted`: the run was killed mid-turn; the next run closed the turn when it resumed. */
    stopReason: z.enum(["completed", "max_rounds", "aborted", "error", "interrupted"]),
    rounds: z.number().int().nonnegative(),
  }),
  /**
   * The outcome of an op (src/engine/protocol/ops.ts) sent with this `id`: every op gets exactly
   * one. Live only: a reply to whoever sent the op, never written to the session file; its `seq`
   * is the one of the event before it (replies do not advance the session's numbering).
   */
  "op.result": z.object({
    /** The op's id as the sender gave it (a string or a number); absent when the line sent had none (malformed JSON, no `id`). */
    id: z.union([z.string(), z.number()]).optional(),
    /** The op's name, when it was known. */
    op: z.string().optional(),
    ok: z.boolean(),
    /** Why the op failed or was refused, naming the field or value. */
    error: z.string().optional(),
    /** What the op answers with (see docs/protocol.md per op). */
    value: z.unknown().optional(),
  }),
  /**
   * The model changed the project's memory (`remember`, `forget`): every later session's system
   * prompt changes with it, so faces show it. `mini-agent memory` lists and removes notes.
   */
  "memory.changed": z.object({
    action: z.enum(["remembered", "forgot"]),
    /** The note's id, e.g. `m1a2b3c` (`mini-agent memory rm <id>` removes it). */
    id: z.string(),
    /** The note's text as stored. */
    note: z.string(),
    /** The session that made the change. */
    sessionId: z.string(),
    /** The turn it was made in. */
    turnId: z.string().optional(),
  }),
} as const;

export type EventType = keyof typeof payloads;

export type Payload<T extends EventType> = z.infer<(typeof payloads)[T]>;

const envelope = {
  seq: z.number().int().positive(),
  ts: z.string(),
  /** Set on events a child agent published (forwarded through its parent's bus). */
  agentId: z.string().optional(),
  /** The parent's tool call that started the child agent. */
  parentCallId: z.string().optional(),
};

/** Who published an event, when it was not the session's own agent. */
export interface EventOrigin {
  agentId?: string;
  parentCallId?: string;
}

function eventSchema<T extends EventType>(type: T) {
  return payloads[type].extend({ type: z.literal(type), ...envelope });
}

const eventTypes = Object.keys(payloads) as EventType[];

/** Each event's full schema (payload, type and envelope), by type: the wire reader compiles these. */
export const eventSchemas = new Map(eventTypes.map((type) => [type as string, eventSchema(type) as z.ZodType]));

/** The union of every event, for validating a line of stream-json or of the wire file. */
export const agentEventSchema = z.discriminatedUnion(
  "type",
  [...eventSchemas.values()] as unknown as [
    ReturnType<typeof eventSchema>,
    ...ReturnType<typeof eventSchema>[],
  ],
);

export type AgentEvent = {
  [T in EventType]: { type: T; seq: number; ts: string } & EventOrigin & Payload<T>;
}[EventType];

export type EventOf<T extends EventType> = Extract<AgentEvent, { type: T }>;
export type ToolCall = z.infer<typeof toolCall>;
export type Usage = z.infer<typeof usage>;
export type ApprovalClass = z.infer<typeof approvalClass>;
export type ToolDetails = z.infer<typeof toolDetails>;
export type WireThinkingBlock = z.infer<typeof thinkingBlock>;
