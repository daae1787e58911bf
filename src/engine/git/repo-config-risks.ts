// What a repository's own git config would make git run, read without running git: the
// repository's config files (and everything they include, whatever the include's condition)
// parsed the way git parses them. A sandboxed command can write this config (`git init` in a
// workspace that had none, a file an include names); a risk found here means git against this
// repository is not run on the host as it stands (host-git.ts) and does not run unasked
// (the allowlist).
import { existsSync, readdirSync } from "node:fs";
import { readUserFile } from "../bounded-read.js";
import path from "node:path";
import { GitConfigSyntaxError, parseGitConfig, type GitConfigEntry } from "./git-config-parse.js";

export interface ConfigRisk {
  key: string;
  file: string;
  /** Why it matters, for a notice or an approval's reason. */
  reason: string;
  /** Our own `-c` overrides switch it off for the git we start (host-git.ts). */
  neutralised: boolean;
}

/** Keys whose value git runs as a program (or hands to a shell), and which our `-c` switches off. */
const NEUTRALISED = new Map<string, string>([
  ["core.fsmonitor", "runs a program on every status"],
  ["core.hookspath", "runs hooks from another folder"],
  ["core.pager", "runs a pager"],
  ["core.editor", "runs an editor"],
  ["core.sshcommand", "runs an ssh program"],
  ["core.gitproxy", "runs a proxy program"],
  ["core.askpass", "runs a password program"],
  ["diff.external", "runs an external diff program"],
  ["sequence.editor", "runs an editor"],
  ["gpg.program", "runs a signing program"],
  ["credential.helper", "runs a credential helper"],
]);

/**
 * Per-name keys (`filter.<x>.clean`, `diff.<x>.textconv`): no fixed `-c` switches every name
 * off. Only content filters matter to the git we start (status, diff and log with
 * --no-textconv --no-ext-diff never run the others); the model's git may run any of them.
 */
const PROGRAM_PATTERNS: readonly { pattern: RegExp; reason: string; neutralised: boolean }[] = [
  { pattern: /^filter\..+\.(clean|smudge|process)$/, reason: "runs a content filter on files", neutralised: false },
  { pattern: /^diff\..+\.(textconv|command)$/, reason: "runs a diff driver", neutralised: true },
  { pattern: /^merge\..+\.driver$/, reason: "runs a merge driver", neutralised: true },
  { pattern: /^gpg\..+\.program$/, reason: "runs a signing program", neutralised: true },
  { pattern: /^credential\..+\.helper$/, reason: "runs a credential helper", neutralised: true },
  { pattern: /^(uploadpack|receivepack)\.\w+$/, reason: "runs a pack program", neutralised: true },
  { pattern: /^alias\./, reason: "defines a command alias", neutralised: true },
  { pattern: /^remote\..+\.(uploadpack|receivepack|proxy)$/, reason: "runs a program for a remote", neutralised: true },
  { pattern: /^log\.showsignature$/, reason: "runs the signing program on log", neutralised: true },
];

const MAX_CONFIG_BYTES = 1024 * 1024;
const MAX_INCLUDE_DEPTH = 10;

/**
 * Every risk in the repository's config, and in its submodules' (`modules/<name>/config`, at
 * any depth: git enters a submodule for status and diff unless told not to); the worktree is
 * where a planted include would live.
 */
export function repoConfigRisks(gitDir: string, worktree: string): ConfigRisk[] {
  const files = [path.join(gitDir, "config"), path.join(gitDir, "config.worktree")];
  const common = readBounded(path.join(gitDir, "commondir"));
  const commonDir = typeof common === "string" ? path.resolve(gitDir, common.replace(/[\r\n]+$/, "")) : gitDir;
  if (commonDir !== gitDir) files.push(path.join(commonDir, "config"));
  files.push(...submoduleConfigs(path.join(commonDir, "modules"), 0));
  const risks: ConfigRisk[] = [];
  const seen = new Set<string>();
  for (const file of files) collect(file, worktree, 0, risks, seen);
  return risks;
}

function collect(file: string, worktree: string, depth: number, risks: ConfigRisk[], seen: Set<string>): void {
  if (seen.has(file)) return;
  seen.add(file);
  const text = readBounded(file);
  if (text === undefined) return;
  if (typeof text !== "string") {
    risks.push({ key: "(file)", file, reason: text.problem, neutralised: false });
    return;
  }
  let entries: GitConfigEntry[];
  try {
    entries = parseGitConfig(text);
  } catch (error) {
    if (!(error instanceof GitConfigSyntaxError)) throw error;
    risks.push({ key: "(syntax)", file, reason: `cannot be read as git reads it: ${error.message}`, neutralised: false });
    return;
  }
  for (const entry of entries) {
    const known = NEUTRALISED.get(entry.key);
    if (known) risks.push({ key: entry.key, file, reason: known, neutralised: true });
    for (const { pattern, reason, neutralised } of PROGRAM_PATTERNS) if (pattern.test(entry.key)) risks.push({ key: entry.key, file, reason, neutralised });
    if (isInclude(entry.key)) {
      // Any include: it can name a file a command writes later (the worktree, a temp folder),
      // so what it would pull in cannot be vouched for now. Its target is read for the report.
      const target = includeTarget(entry.value, file);
      const where = inside(worktree, target) ? "a file in the worktree" : "another config file";
      risks.push({ key: entry.key, file, reason: `includes ${target}, ${where}`, neutralised: false });
      if (depth < MAX_INCLUDE_DEPTH) collect(target, worktree, depth + 1, risks, seen);
    }
  }
}

const MAX_SUBMODULE_DEPTH = 8;

/** `config` and `config.worktree` of every git dir under `modules/` (names may hold slashes: `modules/libs/a`). */
function submoduleConfigs(modules: string, depth: number): string[] {
  if (depth > MAX_SUBMODULE_DEPTH) return [];
  let entries;
  try {
    entries = readdirSync(modules, { withFileTypes: true });
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const dir = path.join(modules, entry.name);
    if (existsSync(path.join(dir, "HEAD"))) {
      found.push(path.join(dir, "config"), path.join(dir, "config.worktree"), ...submoduleConfigs(path.join(dir, "modules"), depth + 1));
    } else found.push(...submoduleConfigs(dir, depth + 1));
  }
  return found;
}

function isInclude(key: string): boolean {
  return key === "include.path" || (key.startsWith("includeif.") && key.endsWith(".path"));
}

/** git resolves a relative include against the including file's folder, `~/` against HOME. */
function includeTarget(value: string, from: string): string {
  if (value.startsWith("~/")) return path.join(process.env.HOME ?? "", value.slice(2));
  return path.resolve(path.dirname(from), value);
}

function inside(root: string, file: string): boolean {
  const relative = path.relative(path.resolve(root), file);
  return !relative.startsWith("..") && !path.isAbsolute(relative);
}

/** The file's text; undefined when missing; a problem for a device, FIFO or oversize file. */
function readBounded(file: string): string | undefined | { problem: string } {
  const read = readUserFile(file, { maxBytes: MAX_CONFIG_BYTES, what: "git config" });
  if (read.ok) return read.text;
  return read.kind === "missing" ? undefined : { problem: read.detail };
}
