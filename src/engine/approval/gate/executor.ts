// Runs approved calls only. The runtime check makes the gate impossible to skip, even by
// a cast; every result is capped and every failure becomes a tool error, never a crash.
// It lives beside the gate (not among the tools) so tools never import approval. What the
// approved preview was made from is handed to the tool, which refuses if its target moved on.
import { capImages, capOutput } from "../../tools/output-cap.js";
import { ToolError, type ToolContext, type ToolResult } from "../../tools/tool.js";
import { assertApproved, type ApprovedCall } from "./gate.js";

export async function executeApproved(call: ApprovedCall, context: ToolContext): Promise<ToolResult> {
  assertApproved(call);
  // Whether a question was answered comes from the gate's approval alone, never from the caller.
  const { answeredBy: _claimed, provedReadOnly: _claimedReadOnly, previewBasis: _claimedBasis, ...rest } = context;
  const toolContext: ToolContext = {
    ...rest,
    ...(call.answeredBy ? { answeredBy: call.answeredBy } : {}),
    ...(call.provedReadOnly ? { provedReadOnly: true } : {}),
    ...(call.previewBasis !== undefined ? { previewBasis: call.previewBasis } : {}),
  };
  try {
    const result = await call.tool.execute(call.input, toolContext);
    if (!result.images || result.images.length === 0) return { ...result, content: capOutput(result.content) };
    const { kept, notes } = capImages(result.images);
    const content = capOutput([result.content, ...notes].join("\n"));
    return kept.length > 0 ? { ...result, content, images: kept } : { content, ...(result.isError ? { isError: true } : {}) };
  } catch (error) {
    if (error instanceof ToolError) return { content: capOutput(error.message), isError: true };
    if (context.signal.aborted) return { content: "aborted by the user before the tool finished", isError: true };
    return { content: `${call.tool.name} failed: ${(error as Error).message ?? String(error)}`, isError: true };
  }
}
