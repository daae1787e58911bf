// Takes credential files out of a diff git has already printed. A pathspec list cannot do it:
// it would have to spell every name the jail refuses, in every case, and a file added between
// listing and diffing would slip through. The output itself is exact: every file's section
// starts with a `diff ` line at the start of a line (content lines all start with ' ', '+',
// '-', '\' or '@@'), and its header names the file in each spelling git uses. A section is
// dropped when any name in it is one the jail refuses (jail-denied.ts), old name or new.

/** The diff without denied files' sections, and the names of those left out (sorted, unique). */
export function dropDeniedFiles(diff: string, isDenied: (repoPath: string) => boolean): { text: string; dropped: string[] } {
  const sections = splitSections(diff);
  const kept: string[] = [];
  const dropped = new Set<string>();
  for (const section of sections) {
    const { sure, guessed } = sectionNames(section);
    const sureDenied = sure.filter(isDenied);
    const denied = sureDenied.length > 0 ? sureDenied : guessed.filter(isDenied);
    // Named by its header lines when they name it; a split of the first line is only a guess.
    if (denied.length === 0) kept.push(section);
    else for (const name of denied) dropped.add(name);
  }
  return { text: kept.join(""), dropped: [...dropped].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) };
}

function splitSections(diff: string): string[] {
  const sections: string[] = [];
  let start = 0;
  const header = /^diff (?:--git|--cc|--combined) /gm;
  for (let match = header.exec(diff); match; match = header.exec(diff)) {
    if (match.index > start) sections.push(diff.slice(start, match.index));
    start = match.index;
  }
  if (start < diff.length) sections.push(diff.slice(start));
  return sections;
}

/** Every name a section's header gives (before its first hunk or binary note). */
function sectionNames(section: string): { sure: string[]; guessed: string[] } {
  const names: string[] = [];
  let guessed: string[] = [];
  for (const line of section.split("\n")) {
    if (line.startsWith("@@") || line.startsWith("GIT binary patch")) break;
    const first = /^diff --git (.*)$/.exec(line);
    if (first) {
      guessed = gitHeaderNames(first[1]!);
      continue;
    }
    const combined = /^diff --(?:cc|combined) (.*)$/.exec(line);
    if (combined) names.push(unquote(combined[1]!));
    const side = /^(?:---|\+\+\+) (.*)$/.exec(line);
    if (side) names.push(unquote(side[1]!.replace(/\t$/, "")).replace(/^[ab]\//, ""));
    const named = /^(?:rename from |rename to |copy from |copy to )(.*)$/.exec(line);
    if (named) names.push(unquote(named[1]!));
    const binary = /^Binary files (.*) differ$/.exec(line);
    if (binary) names.push(...binary[1]!.split(" and ").map((part) => unquote(part).replace(/^[ab]\//, "")));
  }
  return { sure: [...new Set(names)].filter((name) => name !== "/dev/null"), guessed };
}

/**
 * `a/X b/Y` is ambiguous when a name holds " b/": every split is a candidate, so a name that
 * only might be a credential file counts as one (the diff is only shortened, never widened).
 */
function gitHeaderNames(rest: string): string[] {
  if (rest.startsWith('"')) {
    const end = quotedEnd(rest);
    const second = rest.slice(end + 1).trimStart();
    return [unquote(rest.slice(0, end + 1)), unquote(second)].map((name) => name.replace(/^[ab]\//, ""));
  }
  const names: string[] = [];
  for (let at = rest.indexOf(" b/"); at >= 0; at = rest.indexOf(" b/", at + 1)) {
    names.push(rest.slice(0, at).replace(/^a\//, ""), rest.slice(at + 3));
  }
  if (names.length === 0 && rest.includes(' "b/')) names.push(unquote(rest.slice(rest.indexOf(' "b/') + 1)).replace(/^b\//, ""));
  return names;
}

function quotedEnd(text: string): number {
  for (let i = 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i;
  }
  return text.length - 1;
}

const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, "\\": 92 };

/** A name as git prints it: C-quoted (octal bytes of UTF-8) when it holds unusual characters. */
export function unquote(name: string): string {
  if (!(name.startsWith('"') && name.endsWith('"') && name.length >= 2)) return name;
  const bytes: number[] = [];
  const body = name.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (char !== "\\") {
      bytes.push(...Buffer.from(char, "utf8"));
      continue;
    }
    const next = body[i + 1] ?? "";
    const octal = /^[0-7]{3}/.exec(body.slice(i + 1));
    if (octal) {
      bytes.push(Number.parseInt(octal[0], 8));
      i += 3;
    } else {
      bytes.push(ESCAPES[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString("utf8");
}
