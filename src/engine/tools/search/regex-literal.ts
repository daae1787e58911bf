// The longest literal every match of a regular expression must contain, so grep's
// fallback can find candidate lines with a byte search (Buffer.indexOf) instead of
// decoding and regex-testing whole files. Conservative by design: anything not plainly
// understood yields no literal (never a wrong one), and the search then tests every line.

const ESCAPED_LITERAL = /[\\^$.*+?()[\]{}|/\-=!:,<>#&~"'%@;`]/;
const MIN_LENGTH = 3;

export function requiredLiteral(pattern: string, flags: string): string | undefined {
  // Case folding, and escapes whose arguments look like plain characters, are out of scope.
  if (flags.includes("i") || /\\(?:[xuckpP]|\d)/.test(pattern)) return undefined;
  const runs: string[] = [];
  let run = "";
  const breakRun = () => {
    if (run) runs.push(run);
    run = "";
  };
  let depth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "\\") {
      const next = pattern[i + 1];
      i++;
      if (next === undefined) return undefined;
      if (depth === 0 && ESCAPED_LITERAL.test(next)) run += next;
      else if (depth === 0) breakRun(); // \d \w \s \b \n …: a class or an assertion
      continue;
    }
    if (c === "[") {
      // Skip the class; "]" right after "[" or "[^" closes it in JavaScript.
      for (i++; i < pattern.length && pattern[i] !== "]"; i++) if (pattern[i] === "\\") i++;
      if (depth === 0) breakRun();
      continue;
    }
    if (c === "(") {
      depth++;
      breakRun();
      continue;
    }
    if (c === ")") {
      depth--;
      breakRun();
      continue;
    }
    if (depth > 0) continue;
    if (c === "|") return undefined; // top-level alternation: no literal is required
    if (c === "*" || c === "?" || c === "{") {
      run = run.slice(0, -1); // the previous character is optional (or counted): drop it
      breakRun();
      if (c === "{") while (i < pattern.length && pattern[i] !== "}") i++;
      continue;
    }
    if (c === "+") {
      breakRun(); // the previous character stays required, but may repeat
      continue;
    }
    if (c === "." || c === "^" || c === "$") {
      breakRun();
      continue;
    }
    run += c;
  }
  breakRun();
  if (depth !== 0) return undefined;
  const longest = runs.reduce((best, r) => (r.length > best.length ? r : best), "");
  return longest.length >= MIN_LENGTH ? longest : undefined;
}
