// Commands are judged only once the sandbox is decided: the verdict depends on it (workspace
// writers run unasked only inside it). Deciding means probing bubblewrap, a child process, so
// it starts in the background as soon as a command is in sight — while the first request is
// in flight, or at a command's tool.call — and start-up never waits for it (ADR 0022).
import type { EventBus } from "../../event-bus.js";
import type { SandboxStatus } from "../../tools/command/command-tools.js";
import type { Tool } from "../../tools/tool.js";
import type { ApprovalGate } from "./gate.js";

export interface SandboxReadiness {
  /** Starts the probe if it has not started; the notice (if any) is published once, when it settles. */
  start(): Promise<void>;
  /** The gate, waiting for the sandbox before it judges a command. */
  wrap(gate: ApprovalGate): ApprovalGate;
}

export function sandboxReadiness(sandbox: SandboxStatus, bus: EventBus, isCommand: (name: string) => boolean): SandboxReadiness {
  let decided: Promise<void> | undefined;
  const start = () =>
    (decided ??= sandbox.ready().then(() => {
      if (sandbox.notice) bus.publish("notice", { level: "warn", message: sandbox.notice });
    }));
  bus.subscribe((event) => {
    // A failure surfaces where it matters: the gate awaits the same promise.
    if (event.type === "tool.call" && isCommand(event.name)) start().catch(() => {});
  });
  return {
    start,
    wrap: (gate) =>
      async (...args) => {
        const tool: Tool = args[1];
        if (tool.kind === "command") await start();
        return gate(...args);
      },
  };
}
