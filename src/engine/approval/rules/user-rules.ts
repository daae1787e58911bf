// User rules from .agent.json: `permissions: { allow: [...], deny: [...] }`, each rule
// `tool` (every call of that tool) or `tool(pattern)`. Deny beats allow. Syntax:
//   run_command(npm run lint:*)   `*` matches any text except shell operators (; & | < > ( ) $ `
//                                 and newlines), so an allow rule never covers `… ; rm -rf ~`
//   write_file(src/**)            paths: `*` stays within a folder, `**` crosses folders
//   read_file                     no parentheses: every call of the tool
// Path patterns are globs, compiled on their first test.
import { compileGlob } from "../../tools/search/glob-matcher.js";

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
}

const RULE = /^([A-Za-z_][\w-]*)(?:\((.*)\))?$/s;
const COMMAND_TOOLS = new Set(["run_command"]);
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

function compile(rule: string): CompiledRule | null {
  if (cache.has(rule)) return cache.get(rule)!;
  const match = RULE.exec(rule.trim());
  let compiled: CompiledRule | null = null;
  if (match) {
    const tool = match[1]!;
    const pattern = match[2];
    if (pattern === undefined) compiled = { tool };
    else if (COMMAND_TOOLS.has(tool)) compiled = { tool, test: commandMatcher(pattern) };
    else if (pattern.trim() !== "" && pattern.trim().length <= MAX_GLOB_LENGTH) compiled = { tool, test: globMatcher(pattern.trim()), glob: true };
  }
  cache.set(rule, compiled);
  return compiled;
}

/** An error message for a malformed rule, for the config loader to report; undefined when valid. */
export function validateUserRule(rule: string): string | undefined {
  return compile(rule) ? undefined : `${JSON.stringify(rule)} is not a rule: write tool or tool(pattern)`;
}

/** The pieces of a command line between shell operators, so deny rules catch `ls; curl x`. */
function commandSegments(subject: string): string[] {
  return subject.split(/[;&|()`\n]|\$\(/).map((part) => part.trim()).filter(Boolean);
}

function matches(rule: CompiledRule, toolName: string, subject: string, anySegment: boolean): boolean {
  if (rule.tool !== toolName) return false;
  if (!rule.test) return true;
  if (rule.test(subject)) return true;
  return anySegment && COMMAND_TOOLS.has(toolName) && commandSegments(subject).some((segment) => rule.test!(segment));
}

export function matchUserRules(rules: UserRules | undefined, toolName: string, subject: string): "allow" | "deny" | undefined {
  if (!rules) return undefined;
  const compiled = (list: string[] | undefined) => (list ?? []).map(compile).filter((rule): rule is CompiledRule => rule !== null);
  // A deny rule matching any part of a command line denies it; allow must match the whole.
  if (compiled(rules.deny).some((rule) => matches(rule, toolName, subject, true))) return "deny";
  if (compiled(rules.allow).some((rule) => matches(rule, toolName, subject, false))) return "allow";
  return undefined;
}
