// ask: the model asks the person a question and waits for the answer: a pick from options
// (one, or several with `multiple`), or free text when there are none. The face shows a
// picker on `question.asked` and answers through the engine's `answerQuestion`; dismissing
// it (esc) tells the model to decide itself and say what it assumed. Only faces that can ask
// a person (the TUI) offer this tool: print mode never does.
import { randomUUID } from "node:crypto";
import type { Publish } from "../event-bus.js";
import { defineTool, ToolError } from "../tools/tool.js";
import { builtinInput } from "../tools/tool-input.js";

export type QuestionReply = { choices: string[] } | { text: string } | { dismissed: true };

export interface QuestionBroker {
  /** Registers the question, then resolves with the reply (or rejects on abort). */
  wait(id: string, signal: AbortSignal): Promise<QuestionReply>;
  /** Answers a pending question; unknown or answered ids are ignored. */
  answer(id: string, reply: QuestionReply): boolean;
  /** Ids of questions waiting for an answer. */
  pending(): string[];
}

export function createQuestionBroker(): QuestionBroker {
  const waiting = new Map<string, (reply: QuestionReply) => void>();
  return {
    wait(id, signal) {
      return new Promise<QuestionReply>((resolve, reject) => {
        const onAbort = () => {
          waiting.delete(id);
          reject(Object.assign(new Error("aborted"), { name: "AbortError" }));
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener("abort", onAbort, { once: true });
        waiting.set(id, (reply) => {
          signal.removeEventListener("abort", onAbort);
          resolve(reply);
        });
      });
    },
    answer(id, reply) {
      const resolve = waiting.get(id);
      if (!resolve) return false;
      waiting.delete(id);
      resolve(reply);
      return true;
    },
    pending: () => [...waiting.keys()],
  };
}

const DISMISSED = "The user dismissed the question without answering. Decide yourself, and state the assumption you made in your answer.";

export function createAskTool(broker: QuestionBroker, publish: Publish) {
  return defineTool({
    name: "ask",
    description:
      "Ask the user a question when you cannot proceed well without their choice (not for things you can find out yourself). " +
      "Give options to pick from (set multiple to allow several), or none for a free-text answer.",
    kind: "read",
    input: builtinInput("ask"),
    async execute(input, context) {
      const id = randomUUID();
      const answered = broker.wait(id, context.signal);
      publish("question.asked", {
        id,
        ...(context.callId ? { callId: context.callId } : {}),
        question: input.question,
        ...(input.options ? { options: input.options } : {}),
        multiple: input.multiple ?? false,
      });
      const reply = await answered;
      publish("question.answered", { id, ...reply });
      if ("dismissed" in reply) return { content: DISMISSED };
      if ("text" in reply) return { content: reply.text.trim() ? `The user answered: ${reply.text.trim()}` : DISMISSED };
      const labels = new Set((input.options ?? []).map((option) => option.label));
      const unknown = reply.choices.find((choice) => !labels.has(choice));
      if (unknown !== undefined) throw new ToolError(`the answer ${JSON.stringify(unknown)} is not one of the options`);
      if (reply.choices.length === 0) return { content: DISMISSED };
      return { content: `The user chose: ${reply.choices.join(", ")}` };
    },
  });
}
