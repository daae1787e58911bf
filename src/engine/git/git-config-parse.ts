// git's config file syntax, read the way git reads it (git-config(1), "CONFIGURATION FILE"),
// so a check of what a repository's config runs sees what git will see: a key on the same
// line as its section header (`[core] fsmonitor = x`), `[section "sub"]` and the older
// `[section.sub]`, a bare key (true), quotes, escapes, `\` line continuations, `#`/`;`
// comments. Pure: text in, entries out. Keys are lower case, `section.sub.key` (sub as written).

export interface GitConfigEntry {
  /** `core.fsmonitor`, `filter.lfs.clean`, `includeif.gitdir:~/x/.path` (subsection case kept). */
  key: string;
  /** The value; "true" for a bare key (`[core] bare`). */
  value: string;
}

const SECTION = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/;
const NAME = /^[A-Za-z][A-Za-z0-9-]*/;

export function parseGitConfig(text: string): GitConfigEntry[] {
  const entries: GitConfigEntry[] = [];
  let section: string | undefined;
  let rest = text.replace(/\r\n?/g, "\n");
  while (rest.length > 0) {
    rest = rest.replace(/^[ \t\n]+/, "");
    if (rest.length === 0) break;
    if (rest[0] === "#" || rest[0] === ";") {
      rest = skipLine(rest);
      continue;
    }
    if (rest[0] === "[") {
      const header = SECTION.exec(rest);
      if (!header) {
        // git refuses a file with a bad header; we stop reading it and the caller treats
        // what could not be read as a risk (see repo-config-risks.ts).
        throw new GitConfigSyntaxError("a section header git would not accept");
      }
      const [name, sub] = [header[1]!.toLowerCase(), header[2]];
      // `[section.sub]` is the older spelling of `[section "sub"]` (sub lower-cased by git).
      section = sub !== undefined ? `${name}.${sub.replace(/\\(.)/g, "$1")}` : name;
      rest = rest.slice(header[0].length);
      continue;
    }
    const name = NAME.exec(rest);
    if (!name || section === undefined) throw new GitConfigSyntaxError("a line that is neither a section nor a key");
    rest = rest.slice(name[0].length).replace(/^[ \t]+/, "");
    let value = "true";
    if (rest[0] === "=") {
      const parsed = readValue(rest.slice(1));
      value = parsed.value;
      rest = parsed.rest;
    } else {
      rest = skipLine(rest);
    }
    entries.push({ key: `${section}.${name[0].toLowerCase()}`, value });
  }
  return entries;
}

export class GitConfigSyntaxError extends Error {}

function skipLine(text: string): string {
  const end = text.indexOf("\n");
  return end < 0 ? "" : text.slice(end + 1);
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", b: "\b", '"': '"', "\\": "\\" };

/** A value up to the end of its (possibly continued) line; comments end it outside quotes. */
function readValue(text: string): { value: string; rest: string } {
  let value = "";
  let quoted = false;
  let pendingSpace = "";
  let i = 0;
  for (; i < text.length; i++) {
    const char = text[i]!;
    if (char === "\n") {
      if (quoted) throw new GitConfigSyntaxError("a quoted value that runs past its line");
      break;
    }
    if (!quoted && (char === "#" || char === ";")) {
      i = text.indexOf("\n", i);
      if (i < 0) i = text.length;
      break;
    }
    if (char === "\\") {
      const next = text[i + 1];
      i += 1;
      if (next === "\n") continue; // a continuation line
      if (next === undefined || !(next in ESCAPES)) throw new GitConfigSyntaxError("an escape git does not know");
      value += pendingSpace + ESCAPES[next];
      pendingSpace = "";
      continue;
    }
    if (char === '"') {
      quoted = !quoted;
      continue;
    }
    if (!quoted && (char === " " || char === "\t")) {
      // Inner whitespace is kept, leading and trailing dropped.
      if (value !== "") pendingSpace += char;
      continue;
    }
    value += pendingSpace + char;
    pendingSpace = "";
  }
  if (quoted) throw new GitConfigSyntaxError("a quoted value that is never closed");
  return { value, rest: text.slice(i + 1) };
}
