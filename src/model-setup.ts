// Chooses the model for a run: the scripted fake (FAKE_LLM) or a configured provider,
// plus the settings that come with it (system prompt, limits, pricing).
import { UsageError, type CliOptions } from "./cli-options.js";
import type { Payload } from "./engine/events.js";
import { FakeScriptError, loadFakeScript } from "./engine/llm/fake-script.js";
import { FakeProvider } from "./engine/llm/fake.js";
import type { ModelProvider, ThinkingLevel, ToolSpec } from "./engine/llm/provider.js";
import type { UserRules } from "./engine/approval/user-rules.js";
import type { SessionState } from "./engine/state.js";

export interface ModelSetup {
  provider: ModelProvider;
  systemPrompt(tools: readonly ToolSpec[], state: SessionState): string;
  maxRounds?: number;
  thinking?: ThinkingLevel;
  priceUsage?(usage: Payload<"usage">): number | undefined;
  sandbox?: string;
  readRoots?: string[];
  /** `permissions` from .agent.json: allow/deny rules such as `run_command(npm run lint:*)`. */
  permissions?: UserRules;
  /** Secret values (the API key) to redact from every event. */
  secrets?: string[];
}

export interface ModelSetupInput {
  options: CliOptions;
  env: NodeJS.ProcessEnv;
  cwd: string;
  home: string;
  version: string;
  warn(message: string): void;
}

function todoSection(state: SessionState): string {
  if (state.todos.length === 0) return "";
  const lines = state.todos.map((todo) => `- [${todo.status}] ${todo.content}${todo.note ? ` (${todo.note})` : ""}`);
  return `\n\nCurrent todo list:\n${lines.join("\n")}`;
}

function basicPrompt(tools: readonly ToolSpec[], cwd: string): string {
  return [
    "You are mini-agent, a coding agent working in the user's repository.",
    `Workspace root: ${cwd}. Paths are relative to it.`,
    `Tools: ${tools.map((tool) => tool.name).join(", ")}.`,
    "Read before you edit, keep changes small, and say briefly what you did.",
  ].join("\n");
}

export async function resolveModel(input: ModelSetupInput): Promise<ModelSetup> {
  const fake = input.env.FAKE_LLM;
  if (fake && fake !== "0") {
    let script;
    try {
      script = loadFakeScript(fake, input.cwd);
    } catch (error) {
      if (error instanceof FakeScriptError) throw new UsageError(error.message);
      throw error;
    }
    return {
      provider: new FakeProvider(script, input.env.FAKE_LLM_RECORD),
      systemPrompt: (tools, state) => basicPrompt(tools, input.cwd) + todoSection(state),
    };
  }
  throw new UsageError(
    "no model is configured: set KIMI_API_KEY, OPENAI_API_KEY or ANTHROPIC_API_KEY, or run FAKE_LLM=1 mini-agent -p \"task\" for the credential-free demo",
  );
}
