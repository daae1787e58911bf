import { headCut } from "../secrets/word-cut.js";

/** Every tool result is capped so one noisy call cannot flood the model's context. */
export const MAX_RESULT_CHARS = 30_000;

/** The cut falls at a word's edge: half a secret kept before it would escape the redactor. */
export function capOutput(text: string, limit = MAX_RESULT_CHARS): string {
  if (text.length <= limit) return text;
  const kept = headCut(text, limit);
  return `${text.slice(0, kept)}\n\n[output cut: ${text.length - kept} of ${text.length} characters omitted]`;
}

/** Providers take images up to about 5 MB; a bigger one would fail every later request. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Decoded size of base64 text, without decoding it. */
function base64Bytes(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** Keeps the images under the cap; each one dropped is named in the text so the model knows. */
export function capImages<T extends { base64: string }>(images: readonly T[], limit = MAX_IMAGE_BYTES): { kept: T[]; notes: string[] } {
  const kept: T[] = [];
  const notes: string[] = [];
  for (const image of images) {
    const bytes = base64Bytes(image.base64);
    if (bytes <= limit) kept.push(image);
    else notes.push(`[image of ${bytes} bytes not sent: the limit is ${limit} bytes]`);
  }
  return { kept, notes };
}
