// Whether a reply answers the question it is sent for: choices must be among the question's
// options, each at most once, and only one unless it allows several. Checked where the engine
// takes an answer (the question broker), so every face gets the same refusal and the question
// stays open for a corrected answer. Free text and dismissing always answer.
import type { QuestionReply } from "./ask-tool.js";

export interface AskedQuestion {
  options?: readonly { label: string }[] | undefined;
  multiple?: boolean | undefined;
}

/** What is wrong with the reply, or undefined when it answers the question. */
export function answerProblem(question: AskedQuestion, reply: QuestionReply): string | undefined {
  if (!("choices" in reply)) return undefined;
  const labels = (question.options ?? []).map((option) => option.label);
  if (labels.length === 0 && reply.choices.length > 0) return "this question has no options to choose from; answer with {text} or {dismissed: true}";
  const unknown = reply.choices.find((choice) => !labels.includes(choice));
  if (unknown !== undefined) return `${JSON.stringify(unknown)} is not one of the options (${labels.map((label) => JSON.stringify(label)).join(", ")})`;
  const repeated = reply.choices.find((choice, index) => reply.choices.indexOf(choice) !== index);
  if (repeated !== undefined) return `${JSON.stringify(repeated)} is chosen more than once`;
  if (!question.multiple && reply.choices.length > 1) return `this question takes one choice, not ${reply.choices.length}`;
  return undefined;
}
