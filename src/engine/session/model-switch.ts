// The session's model and thinking level, and switching them. A switch is applied before the
// next turn or compaction starts (they await `settled()`); one already running keeps the model
// it began with. Each change is an event (`model.changed`, `thinking.changed`), so a resumed
// session starts where this one left off; a switch that fails is a notice and a rejection.
import type { EventBus } from "../event-bus.js";
import type { ModelProvider, ThinkingLevel } from "../llm/provider.js";
import { contextBudget } from "../state/context.js";
import type { ModelChoice } from "../surface.js";
import { checkedName } from "../protocol/field-values.js";

export interface ModelSwitchParts {
  bus: EventBus;
  /** The model turns use; shared with the agent and child agents, which read it per request. */
  model: { current: ModelProvider; thinking?: ThinkingLevel | undefined };
  /** Builds a provider for setModel; without it setModel only says (a notice) that it cannot. */
  createModel?(choice: ModelChoice): Promise<ModelProvider>;
  /** `context_budget` from the config, when set (else the model's window decides). */
  contextBudget?: number;
}

export interface ModelSwitch {
  readonly thinking: ThinkingLevel | undefined;
  /** The token budget of the current model's context. */
  readonly contextBudget: number;
  setModel(choice: ModelChoice): Promise<{ provider: string; model: string }>;
  setThinking(level: ThinkingLevel): void;
  listModels(signal?: AbortSignal): Promise<string[]>;
  /** The switch asked for last, applied or failed (never rejects). */
  settled(): Promise<void>;
}

export function createModelSwitch({ bus, model, createModel, contextBudget: configured }: ModelSwitchParts): ModelSwitch {
  let pending: Promise<void> = Promise.resolve();
  const notice = (level: "warn" | "error", message: string) => bus.publish("notice", { level, message });

  return {
    get thinking() {
      return model.thinking;
    },
    get contextBudget() {
      return contextBudget({ model: model.current.model, ...(configured !== undefined ? { configured } : {}) });
    },
    setModel(asked) {
      // Thrown before anything is queued: the op fails at once, naming the field (every face).
      const choice: ModelChoice = { model: checkedName("model", asked.model), ...(asked.provider !== undefined ? { provider: checkedName("provider", asked.provider) } : {}) };
      if (!createModel) {
        notice("warn", "this session cannot switch models");
        return Promise.reject(new Error("this session cannot switch models"));
      }
      // Switches apply in the order asked, each after the one before.
      const switched = pending.then(async () => {
        try {
          const provider = await createModel(choice);
          model.current = provider;
          bus.publish("model.changed", { provider: provider.name, model: provider.model });
          return { provider: provider.name, model: provider.model };
        } catch (error) {
          const message = `cannot switch to ${choice.provider ? `${choice.provider}/` : ""}${choice.model}: ${(error as Error).message}`;
          notice("error", message);
          throw new Error(message);
        }
      });
      pending = switched.then(() => undefined, () => undefined);
      return switched;
    },
    setThinking(level) {
      model.thinking = level;
      bus.publish("thinking.changed", { level });
    },
    async listModels(signal) {
      // A switch asked for just before is the provider whose list is wanted.
      await pending;
      const provider = model.current;
      if (!provider.listModels) throw new Error(`the ${provider.name} provider cannot list its models`);
      return provider.listModels(signal);
    },
    settled: () => pending,
  };
}
