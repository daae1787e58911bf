// The scripted model behind FAKE_LLM: the format, its validation, and the built-in demo.
import { readFileSync } from "node:fs";
import path from "node:path";
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

export type ScriptedTurn = z.infer<typeof scriptedTurnSchema>;
export type FakeScript = z.infer<typeof fakeScriptSchema>;

export class FakeScriptError extends Error {}

/** `{{last_result}}` in a scripted text becomes the latest tool result the model was sent. */
export const LAST_RESULT_PLACEHOLDER = "{{last_result}}";

/** FAKE_LLM=1: write a file, read it back, summarise what came back. */
export const DEMO_SCRIPT: FakeScript = {
  turns: [
    {
      reasoning: "The user wants a demonstration. I will write a small file first.",
      text: "I'll create a small notes file in the workspace.",
      tool_calls: [
        {
          name: "write_file",
          arguments: {
            path: "demo/notes.md",
            content: "# Demo notes\n\nmini-agent wrote this file.\nIt will read it back next.\n",
          },
        },
      ],
    },
    {
      text: "Now I'll read it back to check what is on disk.",
      tool_calls: [{ name: "read_file", arguments: { path: "demo/notes.md" } }],
    },
    { text: `Done. I wrote demo/notes.md and read it back. Here is what the read returned:\n\n${LAST_RESULT_PLACEHOLDER}` },
  ],
  after: { text: "The demo script has finished; there is nothing more to do." },
};

/** Reads FAKE_LLM: "1" means the demo, anything else is a path to a script file. */
export function loadFakeScript(setting: string, cwd: string): FakeScript {
  if (setting === "1" || setting === "true") return DEMO_SCRIPT;
  // path.isAbsolute, not a leading "/": on Windows an absolute script path starts with a drive (C:\…)
  const file = path.isAbsolute(setting) ? setting : path.join(cwd, setting);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new FakeScriptError(`FAKE_LLM script ${file}: ${(error as Error).message}`);
  }
  const parsed = fakeScriptSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FakeScriptError(`FAKE_LLM script ${file}: ${issue?.path.join(".") || "(root)"}: ${issue?.message}`);
  }
  return parsed.data;
}
