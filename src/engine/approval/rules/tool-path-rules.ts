// The file rules of the tools, read across them: `write_file(glob)` and `edit_file(glob)` deny
// rules stop both tools, `read_file(glob)` and `grep(glob)` both readers, and a grep of a folder
// holding a denied path asks. Kept apart from the command side (user-path-rules.ts) so the
// gate's start-up path loads no shell module (ADR 0027).
import path from "node:path";
import type { Jail } from "../../tools/jail/jail.js";
import { firstInTree } from "../../tools/jail/first-in-tree.js";
import type { RuleInput } from "./rules.js";
import { deniedPath, hasPathDenials, type UserRules } from "./user-rules.js";
import type { Verdict } from "./verdict.js";


/** Tools that read a file's content (list_files and glob read only names). */
const CONTENT_READERS = new Set(["read_file", "grep"]);

/**
 * A file tool's call against the file rules of its sibling tools: `write_file(migrations/**)`
 * stops edit_file too, `read_file(secret/**)` stops grep, and a grep of a folder holding a
 * denied path asks. Undefined when no rule applies (the tool's own rules are matched as before).
 */
export function toolPathVerdict(call: RuleInput, rules: UserRules | undefined, jail: Jail): Verdict | undefined {
  const paths = call.subject.paths;
  if (!rules || !paths || paths.length === 0) return undefined;
  const access = call.kind === "write" ? "write" : call.kind === "read" && CONTENT_READERS.has(call.name) ? "read" : undefined;
  if (!access || !hasPathDenials(rules, access)) return undefined;
  for (const given of paths) {
    let absolute: string;
    try {
      absolute = access === "write" ? jail.resolveWrite(given) : jail.resolveRead(given);
    } catch {
      continue; // the jail refuses it anyway
    }
    const forms = pathForms(absolute.split(path.sep).join("/"), jail.root.split(path.sep).join("/"));
    const rule = deniedFor(rules, access, forms);
    if (rule) return { decision: "deny", reason: `${rule} in your configuration denies ${jail.display(absolute)}` };
    if (call.name === "grep") {
      const inTree = deniedInTree(rules, jail.root, absolute);
      if (inTree) return { decision: "confirm", reason: `grep reads every file under ${jail.display(absolute)}: ${inTree}` };
    }
  }
  return undefined;
}

/**
 * The forms of a path a rule is matched against, as written and with its links resolved: the
 * workspace-relative one (inside only), and the absolute one, so a rule written with an
 * absolute path (`write_file(/home/me/app/migrations/**)`) holds however the model names it.
 */
export function pathForms(value: string, root: string, realPath?: (absolute: string) => string): string[] {
  const absolute = path.posix.resolve(root, value);
  const forms = new Set<string>();
  for (const candidate of [absolute, realPath?.(absolute) ?? absolute]) {
    const relative = path.posix.relative(root, candidate);
    if (!relative.startsWith("..") && !path.posix.isAbsolute(relative)) forms.add(relative === "" ? "." : relative);
    forms.add(candidate);
  }
  return [...forms];
}

export function deniedFor(rules: UserRules, access: "read" | "write", forms: string[]): string | undefined {
  for (const form of forms) {
    const rule = deniedPath(rules, access, form, true);
    if (rule) return rule;
  }
  return undefined;
}

/** The first path under `start` (a directory, absolute) that a read deny rule covers; links are not followed. */
export function deniedInTree(rules: UserRules, root: string, start: string): string | undefined {
  return firstInTree(
    start,
    (_entry, full) => {
      const relative = path.relative(root, full).split(path.sep).join("/");
      const rule = deniedPath(rules, "read", relative, true);
      return rule ? `${relative} is inside and ${rule} in your configuration denies reading it` : undefined;
    },
    `${path.relative(root, start) || "."} is too large to check against your read rules`,
  );
}
