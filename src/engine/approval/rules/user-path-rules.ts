// File rules are about paths, whichever command touches them (the tools: tool-path-rules.ts).
// A deny on `write_file(glob)` or `edit_file(glob)` refuses every command whose judged writes
// (redirections, the known writers' operands and output options) land in the glob; a deny on
// `read_file(glob)` or `grep(glob)` refuses the literal path operands of commands that read
// files, and makes the allowlist ask for a recursive read (`grep -r`, `rg`) of a tree holding a
// matching path, found by walking the tree as it walks trees for credentials.
import { realpathSync } from "node:fs";
import path from "node:path";
import type { PathOracle } from "../allowlist/path-oracle.js";
import { positionals, type PathContext } from "../shell/command-paths.js";
import type { SimpleCommand } from "../shell/shell-parse.js";
import type { ShellWord } from "../shell/shell-words.js";
import type { PartVerdict } from "./command-rules.js";
import { deniedFor, deniedInTree, pathForms } from "./tool-path-rules.js";
import { hasPathDenials, type UserRules } from "./user-rules.js";

/** Programs whose operands are files they read (the readers, and what copies or packs files). */
const READERS = new Set([
  "cat", "head", "tail", "wc", "less", "more", "tac", "rev", "fold", "paste", "comm", "column", "nl", "cut", "sort", "uniq", "diff",
  "cmp", "grep", "egrep", "fgrep", "rg", "sed", "awk", "jq", "od", "hexdump", "xxd", "base64", "sha256sum", "sha1sum", "md5sum",
  "cksum", "file", "stat", "du", "ls", "tree", "find", "strings", "bat", "cp", "mv", "install", "rsync", "scp", "tar", "zip", "gzip",
  "bzip2", "xz", "source", ".", "bash", "sh", "python", "python3", "node", "perl", "ruby", "vim", "vi", "nano", "view",
]);

/**
 * What a command's paths meet in the user's file rules: a deny for a judged write or a literal
 * read landing in a denied glob. `written`: the literal paths the rules judged it to write.
 */
export function commandPathVerdicts(command: SimpleCommand, written: string[], context: PathContext, rules: UserRules | undefined,
  expand?: (value: string) => string[] | undefined): PartVerdict[] {
  if (!rules || context.cwdUncertain) return [];
  const out: PartVerdict[] = [];
  const forms = (value: string) => pathForms(value, context.root, context.realPath);
  if (hasPathDenials(rules, "write")) {
    for (const file of written) {
      const rule = deniedFor(rules, "write", forms(file));
      if (rule) out.push({ decision: "deny", reason: `writes ${file}, which ${rule} in your configuration denies` });
    }
  }
  if (hasPathDenials(rules, "read")) {
    const reads: ShellWord[] = command.redirects.filter((redirect) => redirect.op === "<" && redirect.target).map((redirect) => redirect.target!);
    if (READERS.has(command.name)) reads.push(...positionals(command.args).filter((word) => !written.includes(word.value)));
    for (const word of reads) {
      if (!word.literal) continue;
      for (const value of word.glob ? (expand?.(word.value) ?? [word.value]) : [word.value]) {
        const rule = deniedFor(rules, "read", forms(value));
        if (rule) out.push({ decision: "deny", reason: `reads ${value}, which ${rule} in your configuration denies` });
      }
    }
  }
  return out;
}

function realOrSame(absolute: string): string {
  try {
    return realpathSync(absolute);
  } catch {
    return absolute;
  }
}

/** The allowlist's oracle with the user's file rules added: a denied path, or a tree holding one, is not harmless to read or write. */
export function withUserPathRules(oracle: PathOracle, rules: UserRules | undefined, root: string, base: string = root): PathOracle {
  if (!rules || (!hasPathDenials(rules, "read") && !hasPathDenials(rules, "write"))) return oracle;
  const absolute = (value: string) => path.resolve(base, value);
  const forms = (value: string) => {
    const posix = (full: string) => full.split(path.sep).join("/");
    return pathForms(posix(absolute(value)), posix(root), (full) => posix(realOrSame(full)));
  };
  const problem = (access: "read" | "write", value: string) => {
    const rule = deniedFor(rules, access, forms(value));
    return rule ? `${value}: ${rule} in your configuration denies it` : undefined;
  };
  return {
    ...oracle,
    readProblem: (value) => oracle.readProblem(value) ?? problem("read", value),
    writeProblem: (value) => oracle.writeProblem(value) ?? problem("write", value),
    treeProblem: (value, visibleOnly) => oracle.treeProblem(value, visibleOnly) ?? problem("read", value) ?? deniedInTree(rules, root, realOrSame(absolute(value))),
    enter: (value) => {
      const inner = oracle.enter(value);
      return typeof inner === "string" ? inner : withUserPathRules(inner, rules, root, realOrSame(absolute(value)));
    },
  };
}
