// Wildcard patterns for guard rules: `*` any text (including `/` and spaces), `?` one
// character, everything else literal. Matched by a linear-backtracking scan rather than a
// regular expression, so a rule from a downloaded plugin cannot hang the agent (no ReDoS).

export type Matcher = (text: string) => boolean;

export function compileWildcard(pattern: string, ignoreCase = false): Matcher {
  const fold = (text: string) => (ignoreCase ? text.toLowerCase() : text);
  const glob = [...fold(pattern)];
  if (!glob.includes("*") && !glob.includes("?")) {
    const literal = glob.join("");
    return (text) => fold(text) === literal;
  }
  return (input) => matches(glob, [...fold(input)]);
}

/** The classic two-index wildcard match: O(pattern × text) at worst, never exponential. */
function matches(glob: string[], text: string[]): boolean {
  let g = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (g < glob.length && (glob[g] === "?" || (glob[g] !== "*" && glob[g] === text[t]))) {
      g += 1;
      t += 1;
    } else if (g < glob.length && glob[g] === "*") {
      star = g;
      resume = t;
      g += 1;
    } else if (star >= 0) {
      g = star + 1;
      resume += 1;
      t = resume;
    } else {
      return false;
    }
  }
  while (g < glob.length && glob[g] === "*") g += 1;
  return g === glob.length;
}
