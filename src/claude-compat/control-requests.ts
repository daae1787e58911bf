// The SDK's control requests we serve: initialize, interrupt, set_model, set_permission_mode.
// Any other subtype gets an error response naming it; the session goes on.
import type { EngineSession } from "../engine/index.js";
import { isName } from "../engine/index.js";
import type { ControlChannel } from "./control-channel.js";
import { PERMISSION_MODES, type PermissionMode } from "./permission-flags.js";
import type { SdkTranslator } from "./sdk-messages.js";

export interface ControlState {
  mode: PermissionMode;
  /** The initialize request, kept until the engine is open to answer it. */
  initialize: { requestId: string; body: Record<string, unknown> } | undefined;
}

export interface ControlContext {
  engine: EngineSession;
  control: ControlChannel;
  state: ControlState;
  translator: SdkTranslator;
  version: string;
  warn(message: string): void;
  /** The initialize request's MCP servers were started with the session. */
  appliedServers?: boolean;
  /** The initialize request's system prompt fields shaped the session (it came before the engine opened). */
  appliedPrompt?: boolean;
}

/** A field the SDK filled in (it sends empty lists and objects for options not set). */
function given(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return false;
  if (Array.isArray(value)) return value.some((item) => given(item));
  if (typeof value === "object") return Object.keys(value).length > 0;
  return true;
}

/** What initialize answers: the fields the SDK reads, with what mini-agent has. */
function initializeResponse(context: ControlContext, body: Record<string, unknown>): Record<string, unknown> {
  const model = context.translator.model;
  const fields = [...(context.appliedPrompt ? [] : ["systemPrompt", "appendSystemPrompt"]), "agents", "hooks", "jsonSchema"];
  const ignored = fields.filter((field) => given(body[field]));
  if (ignored.length > 0) {
    const why = context.appliedPrompt ? "mini-agent builds its agents and hooks from its config" : "a system prompt applies only when initialize is the first line; agents and hooks come from mini-agent's config";
    context.warn(`initialize: ${ignored.join(", ")} ignored (${why})`);
  }
  return {
    commands: context.engine.skills.map((skill) => ({ name: skill.name, description: skill.description, argumentHint: "" })),
    agents: [],
    output_style: "default",
    available_output_styles: ["default"],
    models: [{ value: model, displayName: model, description: "the configured model" }],
    account: {},
    claude_code_version: `mini-agent ${context.version}`,
    ...(body["mcpServers"] !== undefined ? { mcp_servers_applied: context.appliedServers ?? false } : {}),
  };
}

export function handleControlRequest(message: Record<string, unknown>, context: ControlContext): void {
  const requestId = typeof message["request_id"] === "string" ? message["request_id"] : "";
  const body = (message["request"] ?? {}) as Record<string, unknown>;
  const subtype = body["subtype"];
  const { control, engine, state } = context;
  if (!requestId) return context.warn(`a control_request without a request_id is ignored (subtype ${JSON.stringify(subtype)})`);
  switch (subtype) {
    case "initialize":
      return control.succeed(requestId, initializeResponse(context, body));
    case "interrupt":
      engine.abortTurn();
      return control.succeed(requestId);
    case "set_model": {
      const model = body["model"];
      if (typeof model !== "string" || !isName(model) || model.trim() === "default") return control.fail(requestId, "set_model needs a model name (mini-agent has no \"default\" alias)");
      try {
        engine.setModel({ model });
      } catch (error) {
        return control.fail(requestId, `set_model: ${(error as Error).message}`);
      }
      return control.succeed(requestId);
    }
    case "set_permission_mode": {
      const mode = body["mode"];
      if (mode === "plan" || !(PERMISSION_MODES as readonly unknown[]).includes(mode)) {
        return control.fail(requestId, `set_permission_mode: ${JSON.stringify(mode)} cannot be set during a session (plan is chosen at start with --permission-mode plan)`);
      }
      state.mode = mode as PermissionMode;
      return control.succeed(requestId);
    }
    default:
      return control.fail(requestId, `Unsupported control request subtype: ${String(subtype)}`);
  }
}
