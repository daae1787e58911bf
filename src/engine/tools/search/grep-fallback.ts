// grep without ripgrep: our own walker and JavaScript regular expressions. When the
// pattern contains a required literal, a byte search finds candidate lines and only those
// are decoded and tested; otherwise the whole file is decoded and tested line by line.
// Files are read synchronously in slices of a few milliseconds, yielding in between, which
// is several times faster than a promise per file and still keeps the UI responsive. A file
// larger than WHOLE_FILE_BYTES is read in chunks, line by line (grep-stream.ts), so memory
// stays bounded whatever its size or its longest line.
import { readSync } from "node:fs";
import path from "node:path";
import { BINARY_SNIFF_BYTES, hasNul } from "../fs/file-text.js";
import { HitCollector, includeMatcher, type GrepOutcome, type GrepQuery } from "./grep-hits.js";
import { hitOf, searchStream, WHOLE_FILE_BYTES, type Matcher } from "./grep-stream.js";
import type { Jail } from "../jail/jail.js";
import { requiredLiteral } from "./regex-literal.js";
import { withRegularFileSync } from "../fs/regular-file.js";
import { walkFiles } from "./walker.js";

const SLICE_MS = 10;
const NEWLINE = 10;

function lineText(bytes: Buffer, start: number, end: number): string {
  const text = bytes.toString("utf8", start, end);
  return start === 0 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Only lines that contain the literal can match: find those with a byte search. */
function searchCandidates(file: string, bytes: Buffer, m: Matcher, literal: Buffer, hits: HitCollector): void {
  let line = 1;
  let counted = 0; // newlines before `counted` are included in `line`
  for (let at = bytes.indexOf(literal); at !== -1 && !hits.full; ) {
    const start = bytes.lastIndexOf(NEWLINE, at) + 1;
    let end = bytes.indexOf(NEWLINE, at);
    if (end === -1) end = bytes.length;
    for (let nl = bytes.indexOf(NEWLINE, counted); nl !== -1 && nl < start; nl = bytes.indexOf(NEWLINE, nl + 1)) line++;
    counted = start;
    if (m.regex.test(lineText(bytes, start, end))) hits.add(hitOf(file, line, bytes.subarray(start, end), start === 0));
    at = end < bytes.length ? bytes.indexOf(literal, end + 1) : -1;
  }
}

function searchAll(file: string, bytes: Buffer, m: Matcher, hits: HitCollector): void {
  const text = lineText(bytes, 0, bytes.length);
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  for (let i = 0; i < lines.length && !hits.full; i++) {
    if (m.regex.test(lines[i]!)) hits.add(hitOf(file, i + 1, Buffer.from(lines[i]!), false));
  }
}

function searchFile(file: string, m: Matcher, hits: HitCollector, jail: Jail): void {
  try {
    // A FIFO that took a walked file's place is skipped, not waited on.
    withRegularFileSync(file, (fd, stats) => {
      // Another name of a secret file (`ln .env notes.txt`) is skipped like the secret itself.
      if (stats.nlink > 1 && jail.linkedSecretReason(file) !== undefined) return;
      if (stats.size > WHOLE_FILE_BYTES) return searchStream(file, fd, m, hits);
      const bytes = Buffer.allocUnsafe(stats.size);
      let length = 0;
      for (let read = -1; read !== 0 && length < bytes.length; length += read) read = readSync(fd, bytes, length, bytes.length - length, null);
      const content = bytes.subarray(0, length);
      if (hasNul(content.subarray(0, BINARY_SNIFF_BYTES))) return;
      if (m.literal) searchCandidates(file, content, m, m.literal, hits);
      else searchAll(file, content, m, hits);
    });
  } catch {
    // vanished or unreadable: ripgrep skips these too
  }
}

export async function grepFallback(query: GrepQuery, jail: Jail): Promise<GrepOutcome> {
  const hits = new HitCollector();
  const literal = requiredLiteral(query.pattern, query.regex.flags);
  const matcher: Matcher = { regex: query.regex, literal: literal === undefined ? undefined : Buffer.from(literal, "utf8") };
  const include = includeMatcher(query.include);

  if (query.startIsFile) {
    if (!include || include(path.basename(query.start))) searchFile(query.start, matcher, hits, jail);
    return hits.finish();
  }
  let sliceStart = performance.now();
  for await (const file of walkFiles({ jail, start: query.start, includeIgnored: query.includeIgnored, signal: query.signal })) {
    if (hits.full) break;
    if (include && !include(file.relative)) continue;
    searchFile(file.absolute, matcher, hits, jail);
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      query.signal?.throwIfAborted();
      sliceStart = performance.now();
    }
  }
  return hits.finish();
}
