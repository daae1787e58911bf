// An EngineSession over a real session folder, real tools and a given (fake) provider, built
// by the same composition root the CLI uses (assembleEngine), for tests of the surface.
import type { Guard } from "../../src/engine/approval/gate/gate.js";
import { assembleEngine } from "../../src/bootstrap.js";
import type { AgentEvent } from "../../src/engine/events.js";
import type { ModelProvider } from "../../src/engine/llm/provider.js";
import { openSession, type SessionChoice } from "../../src/engine/session/open-session.js";
import { createRedactor } from "../../src/engine/secrets/redact.js";
import type { EngineHost } from "../../src/engine/surface.js";

export interface TestEngineOptions {
  home: string;
  cwd: string;
  provider: ModelProvider;
  choice?: SessionChoice;
  secrets?: string[];
  guards?: Guard[];
  /** The face can ask a person: the `ask` tool is offered. */
  canAsk?: boolean;
  maxRounds?: number;
  /** The context budget in tokens (the model's window less room for the answer otherwise). */
  contextBudget?: number;
  /** Subscribed before the first event. */
  listener?: (event: AgentEvent) => void;
}

export function startEngine(options: TestEngineOptions): { engine: EngineHost; events: AgentEvent[] } {
  const session = openSession({
    home: options.home,
    cwd: options.cwd,
    choice: options.choice ?? { mode: "new" },
    redact: createRedactor(options.secrets ?? []),
  });
  const events: AgentEvent[] = [];
  session.bus.subscribe((event) => events.push(event));
  if (options.listener) session.bus.subscribe(options.listener);
  const engine = assembleEngine({
    session,
    cwd: options.cwd,
    home: options.home,
    model: { provider: options.provider, systemPrompt: () => "test", ...(options.contextBudget ? { contextBudget: options.contextBudget } : {}) },
    options: { sandbox: false, ...(options.maxRounds ? { maxRounds: options.maxRounds } : {}) },
    ...(options.guards ? { guards: options.guards } : {}),
    ...(options.canAsk ? { canAsk: true } : {}),
  });
  return { engine, events };
}
