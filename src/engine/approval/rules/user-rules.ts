// User rules from .agent.json: `permissions: { allow: [...], deny: [...] }`, each rule
// `tool` (every call of that tool) or `tool(pattern)`. Deny beats allow. Syntax:
//   run_command(npm run lint:*)   `*` matches any text except shell operators (; & | < > ( ) $ `
//                                 and newlines), so an allow rule never covers `… ; rm -rf ~`
//   write_file(src/**)            paths: `*` stays within a folder, `**` crosses folders
//   read_file                     no parentheses: every call of the tool
// Path patterns are globs, compiled on their first test.
import { compileGlob } from "../../tools/search/glob-matcher.js";
import { isHostPattern, urlRuleMatches } from "./url-rule-forms.js";

export interface UserRules {
  allow?: string[];
  deny?: string[];
}

interface CompiledRule {
  tool: string;
  /** undefined: the rule covers every call of the tool. */
  test?: (subject: string) => boolean;
  /** The test is a path glob (it needs the glob matcher loaded). */
  glob?: boolean;
  /** A command rule's first word: the program it is about. */
  program?: string;
  /** A web_fetch rule's pattern: matched against the URL as fetched, or its host (url-rule-forms.ts). */
  url?: string;
}

const RULE = /^([A-Za-z_][\w-]*)(?:\((.*)\))?$/s;
const COMMAND_TOOLS = new Set(["run_command"]);
const URL_TOOLS = new Set(["web_fetch"]);
/** Characters that join or redirect shell commands; `*` never matches across them. */
const SHELL_OPERATORS = ";&|<>()$`\n";
const cache = new Map<string, CompiledRule | null>();
/** picomatch refuses longer patterns; the config loader reports them instead. */
const MAX_GLOB_LENGTH = 65_536;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function commandMatcher(pattern: string): (subject: string) => boolean {
  const safeRun = `[^${escapeRegExp(SHELL_OPERATORS)}]*`;
  const source = pattern.trim().replace(/\s+/g, " ").split("*").map(escapeRegExp).join(safeRun);
  const regex = new RegExp(`^${source}$`, "s");
  return (subject) => regex.test(subject.trim().replace(/\s+/g, " "));
}

/** Compiled on the first test, so a config with path rules loads no glob matcher until one is judged. */
function globMatcher(pattern: string): (subject: string) => boolean {
  let test: ((subject: string) => boolean) | undefined;
  return (subject) => (test ??= compileGlob(pattern, { dot: true }))(subject);
}

/** Every tool a rule may name (an MCP tool is `mcp__server__tool`); test/approval checks it against the registry's inputs. */
export const KNOWN_TOOLS = new Set([
  "read_file", "write_file", "edit_file", "list_files", "glob", "grep", "run_command", "task_status", "task_stop", "todo_write",
  "web_fetch", "web_search", "git_status", "git_diff", "git_log", "ask", "remember", "recall", "forget", "load_skill", "task",
]);
/** Claude Code's names, for the hint when a rule copied from its settings names one. */
const CLAUDE_NAMES: Record<string, string> = {
  Bash: "run_command", Read: "read_file", Write: "write_file", Edit: "edit_file", MultiEdit: "edit_file", Grep: "grep", Glob: "glob",
  LS: "list_files", WebFetch: "web_fetch", WebSearch: "web_search", TodoWrite: "todo_write", Task: "task",
};

function compile(rule: string): CompiledRule | null {
  if (cache.has(rule)) return cache.get(rule)!;
  const match = RULE.exec(rule.trim());
  let compiled: CompiledRule | null = null;
  if (match) {
    const tool = match[1]!;
    const pattern = match[2];
    if (pattern === undefined) compiled = { tool };
    else if (COMMAND_TOOLS.has(tool)) compiled = pattern.trim() === "" ? null : { tool, test: commandMatcher(pattern), program: pattern.trim().split(/\s+/, 1)[0] };
    else if (pattern.trim() !== "" && pattern.trim().length <= MAX_GLOB_LENGTH) {
      const trimmed = pattern.trim();
      // A web_fetch pattern is matched against the URL as fetched, or its host (url-rule-forms.ts).
      const url = URL_TOOLS.has(tool);
      compiled = { tool, test: globMatcher(url && isHostPattern(trimmed) ? trimmed.toLowerCase() : trimmed), glob: true, ...(url ? { url: trimmed } : {}) };
    }
  }
  cache.set(rule, compiled);
  return compiled;
}

/** Edit distance, for "did you mean" on a misspelt tool name. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

function unknownTool(tool: string, pattern: string | undefined): string {
  const claude = CLAUDE_NAMES[tool];
  if (claude) {
    // Claude Code's `Bash(npm test:*)` is our `run_command(npm test*)`.
    const ours = pattern === undefined ? claude : `${claude}(${claude === "run_command" ? pattern.replace(/:\*$/, "*") : pattern})`;
    return `${JSON.stringify(tool)} is Claude Code's name for a tool: write ${ours}`;
  }
  const near = [...KNOWN_TOOLS].filter((name) => distance(name, tool.toLowerCase()) <= 2).sort()[0];
  return `no tool is called ${JSON.stringify(tool)}${near ? `: did you mean ${near}?` : ""} (tools: ${[...KNOWN_TOOLS].sort().join(", ")}, mcp__server__tool)`;
}

/** An error message for a malformed rule, for the config loader to report; undefined when valid. */
export function validateUserRule(rule: string): string | undefined {
  const match = RULE.exec(rule.trim());
  if (!match) return `${JSON.stringify(rule)} is not a rule: write tool or tool(pattern)`;
  const [, tool, pattern] = match as unknown as [string, string, string | undefined];
  if (!KNOWN_TOOLS.has(tool) && !tool.startsWith("mcp__")) return unknownTool(tool, pattern);
  if (pattern !== undefined && pattern.trim() === "") return `${JSON.stringify(rule)} has an empty pattern: write ${tool} for every call of it`;
  const compiled = compile(rule);
  if (!compiled) return `${JSON.stringify(rule)} is not a rule: write tool or tool(pattern)`;
  // Paths are matched workspace-relative or absolute, never as `../x`: such a rule would match nothing.
  if (compiled.glob && compiled.url === undefined && /(^|\/)\.\.(\/|$)/.test(pattern!.trim())) {
    return `${JSON.stringify(rule)}: a path pattern is relative to the workspace; write the absolute path of a folder outside it`;
  }
  if (compiled.glob) {
    // picomatch reads an unclosed `[` as a literal, which is never what the rule meant.
    const unclosed = /\[(?![^\]]*\])|\{(?![^}]*\})/.exec(pattern!);
    if (unclosed) return `${JSON.stringify(rule)}: the glob has an unclosed ${unclosed[0]}`;
    try {
      compileGlob(pattern!.trim(), { dot: true });
    } catch (error) {
      return `${JSON.stringify(rule)}: the glob is not valid (${(error as Error).message})`;
    }
  }
  return undefined;
}

/** The pieces of a command line between shell operators, so deny rules catch `ls; curl x`. */
function commandSegments(subject: string): string[] {
  return subject.split(/[;&|()`\n]|\$\(/).map((part) => part.trim()).filter(Boolean);
}

function matches(rule: CompiledRule, toolName: string, subject: string, asDeny: boolean): boolean {
  if (rule.tool !== toolName) return false;
  if (!rule.test) return true;
  if (rule.url !== undefined) return urlRuleMatches(rule.url, rule.test, subject, asDeny);
  if (rule.test(subject)) return true;
  return asDeny && COMMAND_TOOLS.has(toolName) && commandSegments(subject).some((segment) => rule.test!(segment));
}

const compiledList = (list: string[] | undefined) => (list ?? []).map(compile).filter((rule): rule is CompiledRule => rule !== null);

export function matchUserRules(rules: UserRules | undefined, toolName: string, subject: string): "allow" | "deny" | undefined {
  if (!rules) return undefined;
  // A deny rule matching any part of a command line denies it; allow must match the whole.
  if (compiledList(rules.deny).some((rule) => matches(rule, toolName, subject, true))) return "deny";
  if (compiledList(rules.allow).some((rule) => matches(rule, toolName, subject, false))) return "allow";
  return undefined;
}

/**
 * One command judged by its forms: deny when a deny rule matches any of `denyForms` (as
 * written, path-stripped, canonical, the script an interpreter runs, operands normalised);
 * allow only when an allow rule matches one of `allowForms` (as written, canonical).
 */
export function matchCommandForms(rules: UserRules | undefined, denyForms: string[], allowForms: string[]): "allow" | "deny" | undefined {
  if (!rules) return undefined;
  const deny = compiledList(rules.deny).filter((rule) => rule.tool === "run_command");
  if (deny.some((rule) => denyForms.some((form) => matches(rule, "run_command", form, true)))) return "deny";
  const allow = compiledList(rules.allow).filter((rule) => rule.tool === "run_command");
  if (allow.some((rule) => allowForms.some((form) => matches(rule, "run_command", form, false)))) return "allow";
  return undefined;
}

/** The programs `run_command` deny rules name (their first word); "*" for a rule on every command. */
export function deniedPrograms(rules: UserRules | undefined): string[] {
  return compiledList(rules?.deny).filter((rule) => rule.tool === "run_command").map((rule) => rule.program ?? "*");
}

/** Rules on these tools are about paths, whichever tool or command touches them. */
const PATH_TOOLS = { write: new Set(["write_file", "edit_file"]), read: new Set(["read_file", "grep"]) };

/**
 * The deny rule that covers `relative` (a workspace-relative POSIX path) for this access, as
 * written in the config; undefined when none does. `patternOnly`: only rules with a pattern
 * count (a bare `write_file` deny stops the tools, not every command that writes).
 */
export function deniedPath(rules: UserRules | undefined, access: "read" | "write", relative: string, patternOnly = false): string | undefined {
  for (const text of rules?.deny ?? []) {
    const rule = compile(text);
    if (!rule || !PATH_TOOLS[access].has(rule.tool) || (patternOnly && !rule.test)) continue;
    if (!rule.test || rule.test(relative)) return text.trim();
  }
  return undefined;
}

/** Whether any deny rule is about paths of this access, so callers skip the work when none is. */
export function hasPathDenials(rules: UserRules | undefined, access: "read" | "write"): boolean {
  return (rules?.deny ?? []).some((text) => {
    const rule = compile(text);
    return rule !== null && PATH_TOOLS[access].has(rule.tool) && rule.test !== undefined;
  });
}
