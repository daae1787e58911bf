// Read-only git tools. Each runs git with a fixed argv through execFile (never a shell),
// so nothing the model passes can become an option or a command: paths go after "--",
// and revisions are checked against a strict pattern before they reach argv.
import { childProcess } from "../heap-policy.js";
import type { Jail } from "./jail.js";
import { defineTool, ToolError } from "./tool.js";
import { builtinInput } from "./tool-input.js";

const MAX_OUTPUT_BYTES = 2 * 1024 * 1024;
const TIMEOUT_MS = 15_000;

/** A revision like HEAD~2, main, v1.0, a1b2c3d, origin/main — never starting with "-". */
const REVISION = /^(?!-)[A-Za-z0-9._/~^@{}-]{1,200}$/;

// Configuration that could run programs (pagers, external diff drivers, textconv filters,
// fsmonitor hooks) is switched off for every call.
const SAFE_CONFIG = [
  "-c", "core.pager=cat",
  "-c", "core.fsmonitor=false",
  "-c", "diff.external=",
  "-c", "color.ui=false",
  "--no-pager",
];

export function runGit(root: string, args: readonly string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    childProcess().execFile(
      "git",
      [...SAFE_CONFIG, ...args],
      { cwd: root, signal, timeout: TIMEOUT_MS, maxBuffer: MAX_OUTPUT_BYTES, env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0", GIT_EXTERNAL_DIFF: "" } },
      (error, stdout, stderr) => {
        if (error) reject(new ToolError(`git ${args[0]} failed: ${(stderr || error.message).trim()}`));
        else resolve(stdout);
      },
    );
  });
}

const SECRET_PATHSPECS = [":(exclude,glob)**/.env", ":(exclude,glob)**/.env.*", ":(exclude,glob)**/id_*", ":(exclude,glob)**/.netrc"];

function checkRevision(value: string | undefined, name: string): void {
  if (value !== undefined && !REVISION.test(value)) throw new ToolError(`${name} ${JSON.stringify(value)} is not a valid revision`);
}

/** Workspace-relative paths for argv, after the jail has approved each. */
function pathArgs(jail: Jail, paths: readonly string[] | undefined): string[] {
  return (paths ?? []).map((p) => jail.display(jail.resolveRead(p)));
}

export function createGitTools({ jail }: { jail: Jail }) {
  const gitStatus = defineTool({
    name: "git_status",
    description: "Show the working tree status (git status --short --branch).",
    kind: "read",
    input: builtinInput("git_status"),
    async execute(_input, context) {
      const out = await runGit(jail.root, ["status", "--short", "--branch", "--untracked-files=normal"], context.signal);
      return { content: out.trimEnd() || "(clean)" };
    },
  });

  const gitDiff = defineTool({
    name: "git_diff",
    description:
      "Show a unified diff: unstaged changes by default, or staged, or against base.",
    kind: "read",
    input: builtinInput("git_diff"),
    async execute({ staged, base, paths }, context) {
      checkRevision(base, "base");
      const args = ["diff", "--no-ext-diff", "--no-textconv", "--no-color"];
      if (staged) args.push("--cached");
      if (base) args.push(base);
      // Secret files stay unreadable through diffs too (see jail-denied.ts).
      args.push("--", ...pathArgs(jail, paths), ...SECRET_PATHSPECS);
      const out = await runGit(jail.root, args, context.signal);
      return { content: out.trimEnd() || "(no changes)" };
    },
  });

  const gitLog = defineTool({
    name: "git_log",
    description: "Show recent commits (hash, date, author, subject), newest first.",
    kind: "read",
    input: builtinInput("git_log"),
    async execute({ limit = 20, revision, paths }, context) {
      checkRevision(revision, "revision");
      const args = ["log", `--max-count=${limit}`, "--no-color", "--date=short", "--format=%h %ad %an: %s"];
      if (revision) args.push(revision);
      args.push("--", ...pathArgs(jail, paths));
      const out = await runGit(jail.root, args, context.signal);
      return { content: out.trimEnd() || "(no commits)" };
    },
  });

  return [gitStatus, gitDiff, gitLog];
}
