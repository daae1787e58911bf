// The FAKE_LLM script format (fake-script.ts loads it only for a script file, not the demo).
import { z } from "zod";

const scriptedCall = z.object({
  name: z.string().min(1),
  /** An object is sent as JSON; a string is sent verbatim (to script malformed JSON). */
  arguments: z.union([z.record(z.string(), z.unknown()), z.string()]).default({}),
});

export const scriptedTurnSchema = z.object({
  text: z.string().optional(),
  reasoning: z.string().optional(),
  tool_calls: z.array(scriptedCall).optional(),
  /** Pause between streamed deltas, to make a turn slow enough to interrupt. */
  delay_ms: z.number().int().nonnegative().optional(),
  /** End the step as a provider would when the output-token limit cut it off. */
  finish: z.enum(["length"]).optional(),
  /** Fail the request instead of answering, as a provider would. */
  error: z.object({ kind: z.enum(["provider", "auth", "context_length", "stream"]), message: z.string() }).optional(),
});

export const fakeScriptSchema = z.object({
  turns: z.array(scriptedTurnSchema),
  after: scriptedTurnSchema.optional(),
  /**
   * Answers to compaction's summary requests, in order (they do not use up `turns`). Past the
   * end, a built-in summary quotes the first message it was given.
   */
  summaries: z.array(scriptedTurnSchema).optional(),
});
