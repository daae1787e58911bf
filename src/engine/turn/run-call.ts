// One tool call of a step: prepared (its input checked), judged by the gate, run only as the
// ApprovedCall the gate returned, and answered with one tool.result whatever happens.
import type { ApprovalGate } from "../approval/gate/gate.js";
import { executeApproved } from "../approval/gate/executor.js";
import type { Publish } from "../event-bus.js";
import type { ToolCall } from "../events.js";
import { prepareCall } from "../tools/prepare-call.js";
import type { ToolRegistry } from "../tools/registry.js";

export interface CallDeps {
  registry: ToolRegistry;
  gate: ApprovalGate;
  publish: Publish;
}

export async function runToolCall(deps: CallDeps, call: ToolCall, signal: AbortSignal): Promise<void> {
  const { registry, gate, publish } = deps;
  const prepared = await prepareCall(registry, call);
  if ("error" in prepared) {
    publish("tool.result", { callId: call.callId, name: call.name, content: prepared.error, isError: true });
    return;
  }
  let outcome;
  try {
    outcome = await gate(call.callId, prepared.tool, prepared.input, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    // A fault in judging one call (a bug, a path the system cannot even look up) refuses that
    // call and says so; the turn goes on, and nothing claims the session ended.
    const message = (error as Error).message ?? String(error);
    publish("tool.result", { callId: call.callId, name: call.name, content: `not run: checking this call failed (${message}); nothing was changed`, isError: true });
    return;
  }
  if ("refused" in outcome) {
    publish("tool.result", { callId: call.callId, name: call.name, content: outcome.refused, isError: true });
    return;
  }
  // Nothing to do (a write of what the file already holds): said, not run.
  if ("unchanged" in outcome) {
    publish("tool.result", { callId: call.callId, name: call.name, content: outcome.unchanged, isError: false });
    return;
  }
  const result = await executeApproved(outcome.approved, {
    signal,
    callId: call.callId,
    onOutput: (stream, chunk) => publish("tool.output", { callId: call.callId, stream, chunk }),
  });
  const content = outcome.note ? `${result.content}\n\n(the user approved this call and says: ${outcome.note})` : result.content;
  publish("tool.result", {
    callId: call.callId,
    name: call.name,
    content,
    isError: result.isError ?? false,
    ...(result.images && result.images.length > 0 ? { images: result.images } : {}),
    ...(result.details ? { details: result.details } : {}),
  });
}
