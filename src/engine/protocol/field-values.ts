// The values an op field and its command-line twin both take, defined once: the flags
// (config/cli-options.ts), the op schemas (ops.ts), the engine's own operations and the Agent
// SDK's control requests check against these, so no face takes what another refuses (a blank
// model over rpc once switched to the preset's default model, where `--model ''` is an error).
// No zod here: the print path loads this file.

/** `--thinking`, `setThinking`, config's `thinking`. */
export const THINKING_LEVELS = ["off", "low", "medium", "high", "max"] as const;

/** A provider, model or agent name has a character other than white space; it is used trimmed. */
export const NAME_PATTERN = /\S/;

export const isName = (value: string): boolean => NAME_PATTERN.test(value);

/** The name trimmed, or an error naming the field when it is blank. */
export function checkedName(field: string, value: string): string {
  if (!isName(value)) throw new Error(`${field} is blank; give a name`);
  return value.trim();
}
