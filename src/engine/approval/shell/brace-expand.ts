// Bash brace expansion, done before anything runs: `{a,b}/x`, `~/{.ssh,x}`, `{1..3}`. The
// allowlist checks every word a brace list yields, so `cat {/etc/passwd,x}` is judged as
// `cat /etc/passwd x`. Quoting is already removed by the caller; this sees unquoted text.

/** More words than this and the expansion is treated as not understood. */
export const MAX_BRACE_WORDS = 256;

function findClose(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  return -1;
}

/** Top-level commas of a brace body (nested braces kept whole). */
function splitTopLevel(body: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === "\\") i++;
    else if (ch === "{") depth++;
    else if (ch === "}") depth--;
    else if (ch === "," && depth === 0) {
      items.push(body.slice(start, i));
      start = i + 1;
    }
  }
  items.push(body.slice(start));
  return items;
}

/** {1..5}, {a..e}, {01..10..2}; undefined when the body is not a sequence. */
function sequence(body: string): string[] | undefined {
  const match = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(body);
  if (!match) return undefined;
  const [, from = "", to = "", stepText] = match;
  const numeric = /\d/.test(from);
  if (numeric !== /\d/.test(to)) return undefined;
  const a = numeric ? Number(from) : from.charCodeAt(0);
  const b = numeric ? Number(to) : to.charCodeAt(0);
  const step = Math.abs(Number(stepText ?? 1)) || 1;
  const count = Math.floor(Math.abs(b - a) / step) + 1;
  if (count > MAX_BRACE_WORDS) return Array.from({ length: MAX_BRACE_WORDS + 1 }, () => "");
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const value = a + (b >= a ? i : -i) * step;
    out.push(numeric ? String(value) : String.fromCharCode(value));
  }
  return out;
}

/**
 * Every word bash makes of `text` by brace expansion (the text itself when it has none).
 * Returns undefined when the result would exceed MAX_BRACE_WORDS.
 */
export function expandBraces(text: string): string[] | undefined {
  for (let open = 0; open < text.length; open++) {
    if (text[open] === "\\") {
      open++;
      continue;
    }
    // `${…}` is a parameter, not a brace list.
    if (text[open] !== "{" || text[open - 1] === "$") continue;
    const close = findClose(text, open);
    if (close < 0) return [text];
    const body = text.slice(open + 1, close);
    const items = splitTopLevel(body);
    const options = items.length > 1 ? items : sequence(body);
    if (!options) continue; // `{x}` and `{}` stay as they are; look for a later list.
    const prefix = text.slice(0, open);
    const suffixes = expandBraces(text.slice(close + 1));
    if (!suffixes) return undefined;
    const out: string[] = [];
    for (const option of options) {
      const middles = expandBraces(option);
      if (!middles) return undefined;
      for (const middle of middles) for (const suffix of suffixes) out.push(prefix + middle + suffix);
      if (out.length > MAX_BRACE_WORDS) return undefined;
    }
    return out;
  }
  return [text];
}
