// Whether this project is trusted, decided once before anything of it is used (ADR 0033).
// A cloned repository is untrusted until the user says otherwise: `--trust-project` headless,
// a question in the TUI. The record in the agent home holds a digest of what was trusted
// (the powers its settings ask for and the files they run or read): any change asks again.
import { readConfigFiles, type ConfigFiles } from "../config/resolve-config.js";
import { referencedFiles, trustSubject, type TrustSubject } from "../config/trust-subject.js";
import type { PowerItem } from "../config/project-powers.js";
import { visibleText } from "../engine/secrets/visible-text.js";
import { projectTrust, trustFile, trustProject } from "../engine/trust/project-trust.js";

/** A setting's line in the question: long enough for a real command, and cut with its length said past that. */
const ITEM_MAX_CHARS = 600;

export interface TrustInput {
  env: Readonly<Record<string, string | undefined>>;
  /** The user's home directory (for the agent home's default). */
  userHome: string;
  /** The agent home, where the trust record lives. */
  home: string;
  workspace: string;
  /** `--trust-project`: trust the project as it is now. */
  trust: boolean;
  /** A face that can ask a person (the TUI): asked once, with the list of what trust grants. */
  askTrust?(question: string): Promise<boolean>;
}

export interface TrustDecision {
  trusted: boolean;
  /** The config files as read for the decision: configuration resolves from these, read once. */
  files: ConfigFiles;
  /** For the start-up notices: what was ignored and how to trust, or what trusting recorded. */
  notices: string[];
  /**
   * Workspace files that hooks and MCP servers run (the user's own, and a trusted project's):
   * read-only to sandboxed commands, so none can be rewritten to run on the host.
   */
  protectedFiles: string[];
}

export async function decideProjectTrust(input: TrustInput): Promise<TrustDecision> {
  const files = readConfigFiles(input.env, input.workspace, input.userHome);
  const subject = trustSubject(input.workspace, files.project?.values ?? {}, files.user?.values, files.claudeHooks, input.home);
  const usersOwn = files.user ? referencedFiles(input.workspace, files.user.values) : [];
  const protect = (trusted: boolean) => [...new Set([...usersOwn, ...(trusted ? subject.files : [])])];
  if (subject.items.length === 0) return { trusted: false, files, notices: [], protectedFiles: protect(false) };
  const state = projectTrust(input.home, input.workspace, subject.digest);
  if (state === "trusted") return { trusted: true, files, notices: [], protectedFiles: protect(true) };
  const changed = state === "changed";
  const trustNow = input.trust || (await input.askTrust?.(question(subject, changed))) === true;
  if (!trustNow) return { trusted: false, files, notices: [ignoredNotice(subject.items, changed)], protectedFiles: protect(false) };
  trustProject(input.home, input.workspace, subject.digest);
  return {
    trusted: true,
    files,
    notices: [`trusted this project's settings: ${keys(subject.items)} (recorded in ${trustFile(input.home)}; a change to them or to the files they run asks again)`],
    protectedFiles: protect(true),
  };
}

/** The settings' names; a name is the repository's text too, so shown escaped. */
function keys(items: readonly PowerItem[]): string {
  return [...new Set(items.map((item) => visibleText(item.key, 100)))].join(", ");
}

/**
 * What a face asks: each power with what it would do, so the person sees what they grant. The
 * commands are the repository's text: each is one line with its line breaks, bidi overrides
 * and invisible characters escaped, so no part of it can hide (visible-text.ts).
 */
function question(subject: TrustSubject, changed: boolean): string {
  const intro = changed
    ? "This project's settings, or the files they run, changed since you trusted it."
    : "This project's .agent.json, .agents/ and .claude/ settings ask for more than shaping the work:";
  const lines = subject.items.map((item) => `  ${visibleText(item.key, 100)}: ${visibleText(item.detail, ITEM_MAX_CHARS)}`);
  return `${intro}\n${lines.join("\n")}\nUntil you trust it, they are ignored. Trust this project and apply them?`;
}

function ignoredNotice(items: readonly PowerItem[], changed: boolean): string {
  const why = changed ? "they (or the files they run) changed since you trusted this project" : "this project is not trusted yet";
  return `ignored the project's ${keys(items)}: ${why}. Read .agent.json, .agents/ and .claude/settings*.json, then run once with --trust-project to apply them`;
}
