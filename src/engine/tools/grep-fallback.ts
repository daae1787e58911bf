// grep without ripgrep: our own walker and JavaScript regular expressions. Files are read
// a few at a time in parallel; a whole-file test rejects most of them before any line
// splitting, which is where the time would otherwise go.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { BINARY_SNIFF_BYTES, hasNul } from "./file-text.js";
import { HitCollector, includeMatcher, type GrepOutcome, type GrepQuery } from "./grep-hits.js";
import type { Jail } from "./jail.js";
import { walkFiles } from "./walker.js";

const PARALLEL_READS = 16;

async function searchFile(file: string, query: GrepQuery, quick: RegExp | undefined, hits: HitCollector): Promise<void> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return; // vanished or unreadable: ripgrep skips these too
  }
  if (hasNul(bytes.subarray(0, BINARY_SNIFF_BYTES))) return;
  let text = bytes.toString("utf8");
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (quick && !quick.test(text)) return;
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  for (let i = 0; i < lines.length && !hits.full; i++) {
    if (query.regex.test(lines[i]!)) hits.add({ file, line: i + 1, text: lines[i]! });
  }
}

export async function grepFallback(query: GrepQuery, jail: Jail): Promise<GrepOutcome> {
  const hits = new HitCollector();
  // A multiline whole-file test can only give false positives for line-wise matches,
  // except with lookbehind, which can see the previous line's newline.
  const quick = query.pattern.includes("(?<") ? undefined : new RegExp(query.regex.source, `${query.regex.flags}m`);
  const include = includeMatcher(query.include);

  if (query.startIsFile) {
    const name = path.basename(query.start);
    if (!include || include(name)) await searchFile(query.start, query, quick, hits);
    return hits.finish();
  }

  const inFlight = new Set<Promise<void>>();
  for await (const file of walkFiles({ jail, start: query.start, includeIgnored: query.includeIgnored, signal: query.signal })) {
    if (hits.full) break;
    if (include && !include(file.relative)) continue;
    const task = searchFile(file.absolute, query, quick, hits).finally(() => inFlight.delete(task));
    inFlight.add(task);
    if (inFlight.size >= PARALLEL_READS) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  query.signal?.throwIfAborted();
  return hits.finish();
}
