// ask: the model asks the person a question and waits for the answer: a pick from options
// (one, or several with `multiple`), or free text when there are none. The face shows a
// picker on `question.asked` and answers through the engine's `answerQuestion`; dismissing
// it (esc) tells the model to decide itself and say what it assumed. Only faces that can ask
// a person (the TUI) offer this tool: print mode never does.
import { randomUUID } from "node:crypto";
import type { Publish } from "../event-bus.js";
import { defineTool } from "../tools/tool.js";
import { builtinInput } from "../tools/tool-input.js";
import { answerProblem, type AskedQuestion } from "./answer-check.js";

export type QuestionReply = { choices: string[] } | { text: string } | { dismissed: true };

export interface QuestionBroker {
  /** Registers the question, then resolves with the reply (or rejects on abort). */
  wait(id: string, question: AskedQuestion, signal: AbortSignal): Promise<QuestionReply>;
  /**
   * Answers a pending question. Throws, naming the problem, for an id nobody waits on or a reply
   * the question does not allow (answer-check.ts); the question then stays open.
   */
  answer(id: string, reply: QuestionReply): void;
  /** Ids of questions waiting for an answer. */
  pending(): string[];
}

export function createQuestionBroker(): QuestionBroker {
  const waiting = new Map<string, { question: AskedQuestion; resolve(reply: QuestionReply): void }>();
  return {
    wait(id, question, signal) {
      return new Promise<QuestionReply>((resolve, reject) => {
        const onAbort = () => {
          waiting.delete(id);
          reject(Object.assign(new Error("aborted"), { name: "AbortError" }));
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener("abort", onAbort, { once: true });
        waiting.set(id, {
          question,
          resolve: (reply) => {
            signal.removeEventListener("abort", onAbort);
            resolve(reply);
          },
        });
      });
    },
    answer(id, reply) {
      const open = waiting.get(id);
      if (!open) throw new Error(`no question with id ${id} is waiting (unknown, or already answered)`);
      const problem = answerProblem(open.question, reply);
      if (problem) throw new Error(`the answer does not fit question ${id}: ${problem}; it is still waiting`);
      waiting.delete(id);
      open.resolve(reply);
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
      const answered = broker.wait(id, { options: input.options, multiple: input.multiple }, context.signal);
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
      // The broker took only choices among the options (answer-check.ts).
      if (reply.choices.length === 0) return { content: DISMISSED };
      return { content: `The user chose: ${reply.choices.join(", ")}` };
    },
  });
}
