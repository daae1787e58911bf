// Pure logic of edit_file: find the exact text, apply a list of edits in memory, and when
// the text is not there, rank the file's lines by similarity so the model can retry with
// what is really on disk instead of guessing again.

export interface Edit {
  old_string: string;
  new_string: string;
  replace_all?: boolean;
}

export class EditMismatch extends Error {}

function countOccurrences(haystack: string, needle: string): number[] {
  const at: number[] = [];
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) at.push(i);
  return at;
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < index; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

const toCrlf = (s: string) => s.replace(/\r?\n/g, "\r\n");

/** Most of the file's line breaks are CRLF: new lines get CRLF too, not bare LFs among them. */
function mostlyCrlf(text: string): boolean {
  const crlf = text.split("\r\n").length - 1;
  return crlf > 0 && crlf > text.split("\n").length - 1 - crlf;
}

/**
 * Applies edits in order to `text`; throws EditMismatch (naming the edit) on the first that
 * does not match exactly once (or at least once with replace_all). Nothing is partial:
 * the caller writes only the returned text.
 */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  let current = text;
  const crlfFile = mostlyCrlf(text);
  edits.forEach((edit, index) => {
    const label = edits.length > 1 ? `edit ${index + 1} of ${edits.length}: ` : "";
    if (edit.old_string.length === 0) throw new EditMismatch(`${label}old_string is empty; use write_file to create a file.`);
    if (edit.old_string === edit.new_string) throw new EditMismatch(`${label}old_string and new_string are identical.`);
    let { old_string: oldText, new_string: newText } = edit;
    if (crlfFile) newText = toCrlf(newText);
    let at = countOccurrences(current, oldText);
    // The model sees lines without their "\r"; in a CRLF file, retry with CRLF endings so
    // the edit matches and the file keeps its line endings.
    if (at.length === 0 && current.includes("\r\n") && /(^|[^\r])\n/.test(oldText)) {
      const crlfAt = countOccurrences(current, toCrlf(oldText));
      if (crlfAt.length > 0) {
        oldText = toCrlf(oldText);
        newText = toCrlf(newText);
        at = crlfAt;
      }
    }
    if (at.length === 0) {
      throw new EditMismatch(`${label}old_string was found 0 times.${describeCandidates(current, edit.old_string)}`);
    }
    if (at.length > 1 && !edit.replace_all) {
      const lines = at.slice(0, 10).map((i) => lineOf(current, i));
      throw new EditMismatch(
        `${label}old_string was found ${at.length} times (lines ${lines.join(", ")}${at.length > 10 ? ", …" : ""}); ` +
          "include more surrounding text to make it unique, or set replace_all.",
      );
    }
    current = edit.replace_all ? current.split(oldText).join(newText) : current.slice(0, at[0]) + newText + current.slice(at[0]! + oldText.length);
  });
  return current;
}

/** Dice coefficient over character bigrams: 1 for equal strings, 0 for nothing shared. */
function similarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const grams = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i++) {
    const g = a.slice(i, i + 2);
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  let shared = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const g = b.slice(i, i + 2);
    const n = grams.get(g) ?? 0;
    if (n > 0) {
      shared++;
      grams.set(g, n - 1);
    }
  }
  return (2 * shared) / (a.length + b.length - 2);
}

const MAX_COMPARISONS = 200_000; // windows × lines; keeps a miss on a big file fast

/** The best-matching region of the file, shown with line numbers, or "" if nothing is close. */
export function describeCandidates(text: string, wanted: string): string {
  const fileLines = text.replace(/^\uFEFF/, "").split("\n").map((l) => l.replace(/\r$/, ""));
  let wantedLines = wanted.split("\n").map((l) => l.replace(/\r$/, "").trim());
  while (wantedLines.length > 1 && wantedLines[wantedLines.length - 1] === "") wantedLines.pop();
  if (wantedLines.length * fileLines.length > MAX_COMPARISONS) wantedLines = wantedLines.slice(0, Math.max(1, Math.floor(MAX_COMPARISONS / fileLines.length)));
  const span = wantedLines.length;
  let best = { score: 0, start: -1 };
  for (let start = 0; start + span <= fileLines.length; start++) {
    let score = 0;
    for (let j = 0; j < span; j++) score += similarity(fileLines[start + j]!.trim(), wantedLines[j]!);
    score /= span;
    if (score > best.score) best = { score, start };
  }
  if (best.start < 0 || best.score < 0.5) return " No similar text found; read the file again before retrying.";
  const shown = fileLines.slice(best.start, best.start + Math.max(span, 1)).slice(0, 30);
  const sameIgnoringSpace = shown.map((l) => l.trim()).join("\n") === wantedLines.join("\n");
  const numbered = shown.map((l, i) => `${best.start + i + 1}\t${l}`).join("\n");
  const why = sameIgnoringSpace ? "differs only in whitespace/indentation" : `${Math.round(best.score * 100)}% similar`;
  return ` Closest candidate (lines ${best.start + 1}-${best.start + shown.length}, ${why}):\n${numbered}\nRetry with old_string copied exactly from these lines.`;
}
