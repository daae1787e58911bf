// Where a value sits in a JSON text, by its path (["permissions", "allow", 2]), so a setting
// with a wrong value is reported at its line and column, as a syntax error is.

/** A value's place in a JSON document: object keys and array indexes, outermost first. */
export type JsonPath = readonly (string | number)[];

/**
 * Offset of the first character of the value at `path` in valid JSON `text`; of the last one
 * when a key repeats (JSON.parse keeps the last). Undefined when there is no such value.
 */
export function jsonValueOffset(text: string, path: JsonPath): number | undefined {
  let i = 0;
  let found: number | undefined;
  const ws = () => {
    while (" \t\n\r".includes(text[i] ?? "x")) i++;
  };
  const string = (): string => {
    const start = i;
    i++;
    while (text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  // `depth` is how much of `path` the value's own path has matched so far (-1: no longer).
  const value = (depth: number): void => {
    ws();
    if (depth === path.length) found = i;
    const inner = (key: string | number) => (depth >= 0 && depth < path.length && path[depth] === key ? depth + 1 : -1);
    const ch = text[i];
    if (ch === "{" || ch === "[") {
      const close = ch === "{" ? "}" : "]";
      i++;
      ws();
      for (let index = 0; text[i] !== close; index++) {
        let key: string | number = index;
        if (ch === "{") {
          ws();
          key = string();
          ws();
          i++; // the colon
        }
        value(inner(key));
        ws();
        if (text[i] === ",") i++;
        ws();
      }
      i++;
    } else if (ch === '"') {
      string();
    } else {
      while (i < text.length && !",}] \t\n\r".includes(text[i]!)) i++;
    }
  };
  value(0);
  return found;
}
