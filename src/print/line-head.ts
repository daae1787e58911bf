// A top-level field of a JSON object read from the start of a line that is too long to parse
// whole: the reply to an over-long line can then name its `id` (rpc, ACP) or tell a user
// message from a control message (the Agent SDK). Only a string or a number value is read.

/** The value of `name` among the object's first fields, or undefined when the head does not show it. */
export function fieldInHead(head: string, name: string): string | number | undefined {
  let depth = 0;
  let i = 0;
  while (i < head.length) {
    const char = head[i]!;
    if (char === '"') {
      const key = stringAt(head, i);
      if (key === undefined) return undefined;
      i = key.end;
      if (depth !== 1) continue;
      const colon = /^\s*:\s*/.exec(head.slice(i));
      if (!colon) continue;
      if (key.value !== name) {
        i += colon[0].length;
        // The value is skipped by the loop itself (its strings, brackets and words).
        continue;
      }
      return valueAt(head, i + colon[0].length);
    }
    if (char === "{" || char === "[") depth += 1;
    else if (char === "}" || char === "]") depth -= 1;
    i += 1;
  }
  return undefined;
}

function stringAt(text: string, start: number): { value: string; end: number } | undefined {
  for (let i = start + 1; i < text.length; i += 1) {
    if (text[i] === "\\") i += 1;
    else if (text[i] === '"') {
      try {
        return { value: JSON.parse(text.slice(start, i + 1)) as string, end: i + 1 };
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function valueAt(text: string, start: number): string | number | undefined {
  if (text[start] === '"') {
    const value = stringAt(text, start);
    return value && value.end < text.length ? value.value : undefined;
  }
  // A number is whole only when something follows it (the head may cut it short).
  const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?(?=\s*[,}])/.exec(text.slice(start));
  return number ? Number(number[0]) : undefined;
}
