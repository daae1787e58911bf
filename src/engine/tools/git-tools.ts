// Read-only git tools. Each runs git with a fixed argv through execFile (never a shell),
// so nothing the model passes can become an option or a command: paths go after "--",
// and revisions are checked against a strict pattern before they reach argv. What the
// repository's own config could make git run is switched off or refused (git/host-git.ts).
import * as childProcess from "node:child_process";
import path from "node:path";
import { HOST_GIT_OVERRIDES, hostGit, hostGitEnv, hostGitRefusal } from "../git/host-git.js";
import { dropDeniedFiles } from "./git-diff-filter.js";
import type { Jail } from "./jail/jail.js";
import { defineTool, ToolError } from "./tool.js";
import { builtinInput } from "./tool-input.js";

const MAX_OUTPUT_BYTES = 2 * 1024 * 1024;
const TIMEOUT_MS = 15_000;

/** A revision like HEAD~2, main, v1.0, a1b2c3d, origin/main — never starting with "-". */
const REVISION = /^(?!-)[A-Za-z0-9._/~^@{}-]{1,200}$/;

export function runGit(root: string, args: readonly string[], signal?: AbortSignal): Promise<string> {
  // A repository whose config would run a program we cannot switch off is not touched.
  const refusal = hostGitRefusal(root);
  if (refusal) return Promise.reject(new ToolError(`git ${args[0]} not run: ${refusal}. Look at the config, then run git yourself if it is yours`));
  const git = hostGit(root);
  if (git.path === undefined) return Promise.reject(new ToolError(`git ${args[0]} not run: ${git.missing}`));
  const program = git.path;
  return new Promise((resolve, reject) => {
    childProcess.execFile(
      program,
      [...HOST_GIT_OVERRIDES, ...args],
      { cwd: root, signal, timeout: TIMEOUT_MS, maxBuffer: MAX_OUTPUT_BYTES, env: hostGitEnv() },
      (error, stdout, stderr) => {
        if (error) reject(new ToolError(`git ${args[0]} failed: ${(stderr || error.message).trim()}`));
        else resolve(stdout);
      },
    );
  });
}

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
      // Prefixes and paths pinned (whatever diff.noprefix or diff.relative say), so the filter
      // below reads every name as the path from the repository's top.
      const args = ["diff", "--no-ext-diff", "--no-textconv", "--no-color", "--src-prefix=a/", "--dst-prefix=b/", "--no-relative"];
      if (staged) args.push("--cached");
      if (base) args.push(base);
      args.push("--", ...pathArgs(jail, paths));
      const top = (await runGit(jail.root, ["rev-parse", "--show-toplevel"], context.signal)).replace(/\n$/, "");
      const out = await runGit(jail.root, args, context.signal);
      // Credential files stay out of diffs, under every name the jail refuses (jail-denied.ts).
      const { text, dropped } = dropDeniedFiles(out, (name) => jail.deniedReason(path.join(top, name)) !== undefined);
      const note = dropped.length > 0 ? `(left out, credential files are never shown: ${dropped.map((name) => JSON.stringify(name)).join(", ")})` : "";
      return { content: [text.trimEnd() || (note ? "" : "(no changes)"), note].filter(Boolean).join("\n") };
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
