// The scripted model behind FAKE_LLM: loading a script, and the built-in demo. A script file
// is checked by the format's zod schema (fake-script-schema.ts), loaded only for a file: the
// demo needs no schema.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import type { fakeScriptSchema, scriptedTurnSchema } from "./fake-script-schema.js";

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
export async function loadFakeScript(setting: string, cwd: string): Promise<FakeScript> {
  if (setting === "1" || setting === "true") return DEMO_SCRIPT;
  // path.isAbsolute, not a leading "/": on Windows an absolute script path starts with a drive (C:\…)
  const file = path.isAbsolute(setting) ? setting : path.join(cwd, setting);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new FakeScriptError(`FAKE_LLM script ${file}: ${(error as Error).message}`);
  }
  const { fakeScriptSchema } = await import("./fake-script-schema.js");
  const parsed = fakeScriptSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FakeScriptError(`FAKE_LLM script ${file}: ${issue?.path.join(".") || "(root)"}: ${issue?.message}`);
  }
  return parsed.data;
}
