// The built-in grep over a large file: read in chunks, line by line, so neither the file nor
// one enormous line (a minified bundle, a dump) is ever held whole. A line is tested whole up
// to MAX_TESTED_LINE_BYTES; a longer one cannot be without holding it, so it is passed over
// and the result says so. A hit keeps at most MAX_LINE_BYTES of its line, as rg is told to.
import { readSync } from "node:fs";
import { BINARY_SNIFF_BYTES, hasNul } from "../fs/file-text.js";
import { MAX_LINE_BYTES, type GrepHit, type HitCollector } from "./grep-hits.js";

/** Files up to this size are read whole (the fast path); larger ones are streamed. */
export const WHOLE_FILE_BYTES = 16 * 1024 * 1024;
/** The longest line the built-in search tests. */
export const MAX_TESTED_LINE_BYTES = 16 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;
const NEWLINE = 10;

export interface Matcher {
  regex: RegExp;
  literal?: Buffer;
}

/** A hit on a line given as bytes: its text, cut to MAX_LINE_BYTES, a BOM dropped from the file's start. */
export function hitOf(file: string, line: number, bytes: Buffer, fileStart: boolean): GrepHit {
  const cut = bytes.length > MAX_LINE_BYTES;
  let text = (cut ? bytes.subarray(0, MAX_LINE_BYTES) : bytes).toString("utf8");
  if (fileStart && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return cut ? { file, line, text, cut } : { file, line, text };
}

function testLine(file: string, line: number, bytes: Buffer, m: Matcher, hits: HitCollector): void {
  if (m.literal && bytes.indexOf(m.literal) < 0) return;
  let text = bytes.toString("utf8");
  if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (m.regex.test(text)) hits.add(hitOf(file, line, bytes, line === 1));
}

/** Searches the open regular file `fd` chunk by chunk; a binary file (NUL in its start) is skipped. */
export function searchStream(file: string, fd: number, m: Matcher, hits: HitCollector): void {
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let pieces: Buffer[] = [];
  let held = 0;
  let overlong = false;
  let line = 1;
  let first = true;
  const finishLine = () => {
    if (overlong) hits.notes.push({ file, line, text: `longer than ${MAX_TESTED_LINE_BYTES} bytes, not searched` });
    else testLine(file, line, pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces), m, hits);
    pieces = [];
    held = 0;
    overlong = false;
    line++;
  };
  for (let read = readSync(fd, chunk, 0, CHUNK_BYTES, null); read > 0 && !hits.full; read = readSync(fd, chunk, 0, CHUNK_BYTES, null)) {
    const bytes = chunk.subarray(0, read);
    if (first && hasNul(bytes.subarray(0, BINARY_SNIFF_BYTES))) return;
    first = false;
    let from = 0;
    for (let nl = bytes.indexOf(NEWLINE); nl >= 0 && !hits.full; nl = bytes.indexOf(NEWLINE, from)) {
      if (!overlong) pieces.push(Buffer.from(bytes.subarray(from, nl)));
      if (held + nl - from > MAX_TESTED_LINE_BYTES) overlong = true;
      finishLine();
      from = nl + 1;
    }
    if (from < bytes.length && !overlong) {
      held += bytes.length - from;
      if (held > MAX_TESTED_LINE_BYTES) {
        overlong = true;
        pieces = [];
      } else pieces.push(Buffer.from(bytes.subarray(from)));
    }
  }
  if ((pieces.length > 0 || overlong) && !hits.full) finishLine();
}
