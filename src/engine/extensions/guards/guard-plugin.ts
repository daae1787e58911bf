// Guard plugins: JSON files of refusal rules, never code. A rule names a tool (a wildcard
// over tool names) and argument patterns; when every pattern matches, the call is refused
// with the rule's reason. All plugins compile into one evaluator that the guard stage runs
// before the built-in rules, so `--yes` and "always allow" cannot get past it.
import { compileWildcard, type Matcher } from "./wildcard.js";

export interface GuardRule {
  /** Tool-name wildcard, e.g. "run_command" or "mcp__*". */
  tool: string;
  /** Argument name → a wildcard or a list of them (any one matching counts). */
  args?: Record<string, string | string[]>;
  reason: string;
  ignoreCase?: boolean;
}

export interface GuardPlugin {
  name: string;
  description?: string;
  rules: GuardRule[];
}

export interface GuardHit {
  plugin: string;
  reason: string;
}

export type GuardEvaluator = (call: { name: string; input: Record<string, unknown> }) => GuardHit | undefined;

const PLUGIN_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;
const MAX_RULES = 500;
const MAX_PATTERN = 1000;

/** Checks a parsed JSON value; the problem names the field (`rules[2].args.command`). */
export function validateGuardPlugin(value: unknown): { plugin: GuardPlugin } | { problem: string } {
  if (!isObject(value)) return { problem: 'a guard plugin is a JSON object like {"name": "…", "rules": [...]}' };
  const { name, description, rules } = value;
  if (typeof name !== "string" || !PLUGIN_NAME.test(name)) return { problem: '"name" must be lowercase letters, digits, ".", "-" or "_" (at most 64)' };
  if (description !== undefined && typeof description !== "string") return { problem: '"description" must be a string' };
  if (!Array.isArray(rules) || rules.length === 0) return { problem: '"rules" must be a non-empty array' };
  if (rules.length > MAX_RULES) return { problem: `"rules" holds ${rules.length} rules; at most ${MAX_RULES}` };
  for (const [index, rule] of rules.entries()) {
    const problem = ruleProblem(rule);
    if (problem) return { problem: `rules[${index}]${problem}` };
  }
  const extra = Object.keys(value).filter((key) => !["name", "description", "rules", "$schema", "version"].includes(key));
  if (extra.length > 0) return { problem: `unknown field ${JSON.stringify(extra[0])} (a plugin holds only name, description, version and rules)` };
  return { plugin: { name, ...(description ? { description } : {}), rules: rules as GuardRule[] } };
}

function ruleProblem(rule: unknown): string | undefined {
  if (!isObject(rule)) return " must be an object";
  const pattern = (value: unknown) => typeof value === "string" && value.length > 0 && value.length <= MAX_PATTERN;
  if (!pattern(rule.tool)) return ".tool must be a tool name or wildcard";
  if (typeof rule.reason !== "string" || rule.reason.trim() === "") return ".reason must say why the call is refused";
  if (rule.ignoreCase !== undefined && typeof rule.ignoreCase !== "boolean") return ".ignoreCase must be true or false";
  if (rule.args !== undefined) {
    if (!isObject(rule.args)) return ".args must map argument names to patterns";
    for (const [arg, value] of Object.entries(rule.args)) {
      const list = Array.isArray(value) ? value : [value];
      if (list.length === 0 || !list.every(pattern)) return `.args.${arg} must be a pattern or a list of patterns`;
    }
  }
  for (const key of Object.keys(rule)) if (!["tool", "args", "reason", "ignoreCase"].includes(key)) return ` has unknown field ${JSON.stringify(key)}`;
  return undefined;
}

interface CompiledRule {
  plugin: string;
  reason: string;
  tool: Matcher;
  args: [string, Matcher[]][];
}

/** Every rule of every plugin, compiled once; the first matching rule refuses. */
export function compileGuards(plugins: readonly GuardPlugin[]): GuardEvaluator {
  const compiled: CompiledRule[] = plugins.flatMap((plugin) =>
    plugin.rules.map((rule) => ({
      plugin: plugin.name,
      reason: rule.reason.trim(),
      tool: compileWildcard(rule.tool),
      args: Object.entries(rule.args ?? {}).map(([arg, value]): [string, Matcher[]] => [
        arg,
        (Array.isArray(value) ? value : [value]).map((item) => compileWildcard(item, rule.ignoreCase)),
      ]),
    })),
  );
  return (call) => {
    for (const rule of compiled) {
      if (!rule.tool(call.name)) continue;
      const all = rule.args.every(([arg, matchers]) => {
        const value = argumentText(call.input[arg]);
        if (value === undefined) return false;
        const forms = call.name === "run_command" && arg === "command" ? commandForms(value) : [value];
        return matchers.some((match) => forms.some((form) => match(form)));
      });
      if (all) return { plugin: rule.plugin, reason: rule.reason };
    }
    return undefined;
  };
}

/**
 * A command line as written and as the shell reads its words: `touch  'zz'`, `touch z""z` and
 * a tab are all `touch zz` to bash, so a guard on `*touch zz*` must see that form too. Taking
 * out every quote and backslash can only make a refusal match more, never less.
 */
function commandForms(command: string): string[] {
  const words = command.replace(/\\(.)/gs, "$1").replace(/['"\\]/g, "").replace(/\s+/g, " ").trim();
  return words === command ? [command] : [command, words];
}

/** Strings as they are; other values as JSON, so a rule can match numbers or lists too. */
function argumentText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
