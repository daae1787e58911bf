// The unified diff every write and edit returns, and that the approval prompt shows
// before it happens. One function, so the preview and the result cannot drift apart.
import { createTwoFilesPatch } from "diff";
import { showEscapedBytes } from "./byte-text.js";

/**
 * A git-style unified diff of one file. `before` is undefined when the file is new.
 * Line endings are kept, so a CRLF file shows as such only where lines changed. Bytes that are
 * not UTF-8 (escaped by byte-text.ts) show as `\xE9`: a changed one is seen as changed.
 */
export function unifiedDiff(displayPath: string, before: string | undefined, after: string): string {
  return showEscapedBytes(textDiff(displayPath, before, after));
}

function textDiff(displayPath: string, before: string | undefined, after: string): string {
  if (before === after) return `(no changes to ${displayPath})`;
  if (before === undefined) return newFileDiff(displayPath, after);
  const oldName = before === undefined ? "/dev/null" : `a/${displayPath}`;
  const patch = createTwoFilesPatch(oldName, `b/${displayPath}`, before ?? "", after, undefined, undefined, {
    context: 3,
  });
  // jsdiff starts with an "Index:" line and a "====" rule that git diffs do not have.
  return patch
    .split("\n")
    .filter((line, i) => !(i < 2 && (line.startsWith("Index:") || /^=+$/.test(line))))
    .join("\n")
    .replace(/\n+$/, "");
}

/**
 * A new file's diff, every line added, in the same text jsdiff makes (a test compares them):
 * the common first write then never loads and compiles the diff library (~2.5 ms).
 */
function newFileDiff(displayPath: string, after: string): string {
  const header = `--- /dev/null\n+++ b/${displayPath}`;
  if (after === "") return header;
  // jsdiff splits lines at \n only, a \r stays on its line; a last line without \n is marked.
  const lines = after.split("\n");
  const complete = lines[lines.length - 1] === "";
  if (complete) lines.pop();
  const body = lines.map((line) => `+${line}`).join("\n");
  // Only the diff's own last newline goes: a CR or a space that ends the file's last line stays.
  return `${header}\n@@ -0,0 +1,${lines.length} @@\n${body}${complete ? "" : "\n\\ No newline at end of file"}`;
}

/** Counts of added and removed lines, for one-line summaries. */
export function diffStat(diff: string): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of diff.split("\n")) {
    if (line.startsWith("+") && !line.startsWith("+++")) added++;
    else if (line.startsWith("-") && !line.startsWith("---")) removed++;
  }
  return { added, removed };
}
