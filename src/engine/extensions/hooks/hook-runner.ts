// Runs the configured command hooks for one event: each matching hook gets the JSON payload
// on stdin, in parallel, with its timeout; the results are combined into one verdict.
// Failures are published as notices (never swallowed); for gating events they also refuse.
// The payload is Claude Code's: its tool names and input fields (claude-tools.ts) and its
// permission_mode, so hooks written for it run unchanged.
import { redactPayload, type Redactor } from "../../secrets/redact.js";
import { commandArgv, createProcessRunner, shellArgv } from "../../tools/command/process-runner.js";
import { commandEnvironment } from "../../tools/command/run-command.js";
import { claudeToolFields, matchableNames, type PermissionMode } from "./claude-tools.js";
import { combineVerdicts, interpretHookRun, type HookVerdict } from "./hook-outcome.js";
import { DEFAULT_HOOK_TIMEOUT_S, matcherApplies, type HookEvent, type ScopedHooks } from "./hook-settings.js";

export interface HookSession {
  sessionId: string;
  transcriptPath: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** The approval mode as Claude Code names it; read at each run (a face may change it). */
  permissionMode?(): PermissionMode;
  notice(message: string): void;
  /**
   * The session's redactor: a hook sees the prompt, the call and its result as the events show
   * them. A hook is often a logger (an audit trail, a notifier) writing what it is given to disk
   * or a chat, and a project's hook is the repository's code, denied secret-named variables.
   */
  redact?: Redactor;
}

/** Events whose hooks decide whether something happens: a failed hook refuses. */
const GATING: ReadonlySet<HookEvent> = new Set(["PreToolUse", "UserPromptSubmit"]);
const CAPTURE_CHARS = 20_000;
/**
 * A hook's answer is decided when it exits: a background child it started (a notifier) may
 * hold its pipes for long after, and must not make it look timed out.
 */
const SETTLE_AFTER_EXIT_MS = 500;

export interface HookRunner {
  /** True when any hook is configured for the event (so callers skip building payloads). */
  has(event: HookEvent): boolean;
  /** With `toolName`, matchers see its Claude Code names too and `fields.tool_input` gains Claude Code's fields. */
  run(event: HookEvent, fields: Record<string, unknown>, options?: { toolName?: string; signal?: AbortSignal }): Promise<HookVerdict>;
  /** Kills hooks still running (the session is closing). */
  killAllNow(): void;
}

export function createHookRunner(sources: readonly ScopedHooks[], session: HookSession): HookRunner {
  const runner = createProcessRunner();
  const entries = (event: HookEvent, toolName: string | undefined) =>
    sources.flatMap((source) =>
      (source.settings[event] ?? [])
        .filter((entry) => matcherApplies(entry.matcher, toolName === undefined ? undefined : matchableNames(toolName)))
        .flatMap((entry) => entry.hooks.map((hook) => ({ hook, source }))),
    );

  return {
    has: (event) => sources.some((source) => (source.settings[event]?.length ?? 0) > 0),
    killAllNow: () => runner.killAllNow(),
    async run(event, fields, options = {}) {
      const matched = entries(event, options.toolName);
      if (matched.length === 0) return { kind: "none" };
      const plain = {
        session_id: session.sessionId,
        transcript_path: session.transcriptPath,
        cwd: session.cwd,
        permission_mode: session.permissionMode?.() ?? "default",
        hook_event_name: event,
        ...fields,
        ...(options.toolName !== undefined ? claudeToolFields(options.toolName, fields.tool_input, session.cwd) : {}),
      };
      // Strings are redacted before JSON.stringify, so a value is matched as written, not escaped.
      const payload = JSON.stringify(session.redact ? redactPayload(plain, session.redact) : plain);
      const verdicts = await Promise.all(
        matched.map(async ({ hook, source }) => {
          const timeout = hook.timeout ?? DEFAULT_HOOK_TIMEOUT_S;
          const label = `${event} "${hook.command}" (${source.file})`;
          // A project's hooks are the repository's code: like the model's commands, they get no
          // secret-named variable (not even from the login profile). The user's own hooks get the
          // whole environment, as in Claude Code (a notifier may need its token).
          const project = source.scope === "project";
          const command = runner.start({
            argv: project ? commandArgv(hook.command) : shellArgv(hook.command),
            cwd: session.cwd,
            // Claude Code's variable too, so hooks written for it find the project.
            env: { ...(project ? commandEnvironment(session.env) : session.env), MINI_AGENT_PROJECT_DIR: session.cwd, CLAUDE_PROJECT_DIR: session.cwd },
            timeoutMs: timeout * 1000,
            captureChars: CAPTURE_CHARS,
            stdin: payload,
            settleAfterExitMs: SETTLE_AFTER_EXIT_MS,
          });
          const abort = () => void command.stop("abort");
          options.signal?.addEventListener("abort", abort, { once: true });
          const outcome = await command.outcome;
          options.signal?.removeEventListener("abort", abort);
          // We stopped it for Ctrl-C: no failure to report ("was killed (SIGTERM)" blamed the hook).
          if (options.signal?.aborted) return { kind: "deny", reason: `hook ${label} was stopped: the turn was interrupted` } satisfies HookVerdict;
          const verdict = interpretHookRun(
            {
              exitCode: outcome.exitCode,
              signal: outcome.signal,
              stdout: outcome.stdout,
              stderr: outcome.stderr,
              timedOut: outcome.stoppedBy === "timeout",
              ...(outcome.spawnError ? { spawnError: outcome.spawnError } : {}),
            },
            label,
            timeout,
          );
          if (verdict.kind === "failed") session.notice(GATING.has(event) ? `${verdict.reason}; treated as a refusal` : verdict.reason);
          return verdict;
        }),
      );
      return combineVerdicts(verdicts, GATING.has(event));
    },
  };
}
