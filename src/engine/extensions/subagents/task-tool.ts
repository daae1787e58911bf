// task: runs a subagent with a fresh context on one self-contained job and returns its
// report. `explore` and `review` hold only tools that look; `worker` may change files and
// run commands, and every such call goes through the parent's gate (its rules, guards and
// approver), so a subagent can never launder a call past the user.
import { defineTool, ToolError } from "../../tools/tool.js";
import { builtinInput } from "../../tools/tool-input.js";

export const SUBAGENT_KINDS = ["explore", "review", "worker"] as const;
export type SubagentKind = (typeof SUBAGENT_KINDS)[number];

export interface SubagentRequest {
  kind: SubagentKind;
  description: string;
  prompt: string;
  /** The parent's call that started it: the child's events carry it. */
  parentCallId: string;
}

export interface SubagentRunner {
  run(request: SubagentRequest, signal: AbortSignal): Promise<{ report: string; isError: boolean }>;
}

export const DEFAULT_SUBAGENT_CAP = 4;

/** At most `cap` subagents at once; the rest wait their turn (or their abort). */
function createSlots(cap: number) {
  let free = cap;
  const waiting: (() => void)[] = [];
  return {
    async take(signal: AbortSignal): Promise<() => void> {
      if (free === 0) {
        await new Promise<void>((resolve, reject) => {
          const ready = () => {
            signal.removeEventListener("abort", onAbort);
            resolve();
          };
          const onAbort = () => {
            waiting.splice(waiting.indexOf(ready), 1);
            reject(Object.assign(new Error("aborted"), { name: "AbortError" }));
          };
          waiting.push(ready);
          signal.addEventListener("abort", onAbort, { once: true });
        });
      } else {
        free -= 1;
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const next = waiting.shift();
        if (next) next();
        else free += 1;
      };
    },
  };
}

export interface TaskToolOptions {
  /** At most this many subagents at once (default 4). */
  cap?: number;
  /** The kinds offered: without write tools in the parent (plan, review), no worker. */
  kinds?: readonly SubagentKind[];
}

export function createTaskTool(runner: SubagentRunner, options: TaskToolOptions = {}) {
  const slots = createSlots(options.cap ?? DEFAULT_SUBAGENT_CAP);
  // The generated schemas hold two kind sets (tool-inputs.ts): all, and the look-only pair.
  const kinds = (options.kinds ?? SUBAGENT_KINDS).join(",");
  const key = kinds === "explore,review,worker" ? "task" : kinds === "explore,review" ? "task:explore,review" : undefined;
  if (!key) throw new Error(`no task schema for the subagent kinds ${kinds}`);
  return defineTool({
    name: "task",
    description: "Run a subagent on a self-contained job: it sees only prompt and returns one report. Several may run at once.",
    kind: "read",
    concurrent: true,
    input: builtinInput(key),
    async execute(input, context) {
      if (!context.callId) throw new ToolError("task needs the call id of its parent call");
      if (!input.prompt.trim()) throw new ToolError("prompt is empty: give the subagent its whole job");
      const release = await slots.take(context.signal);
      try {
        // Without a kind, the subagent only looks: the safe default, as the seed has it.
        const { report, isError } = await runner.run({ ...input, kind: input.kind ?? "explore", parentCallId: context.callId }, context.signal);
        return { content: report, ...(isError ? { isError: true } : {}) };
      } finally {
        release();
      }
    },
  });
}
