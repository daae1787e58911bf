/** Every tool result is capped so one noisy call cannot flood the model's context. */
export const MAX_RESULT_CHARS = 30_000;

export function capOutput(text: string, limit = MAX_RESULT_CHARS): string {
  if (text.length <= limit) return text;
  const omitted = text.length - limit;
  return `${text.slice(0, limit)}\n\n[output cut: ${omitted} of ${text.length} characters omitted]`;
}
