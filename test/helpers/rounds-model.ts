// A model for long-session tests, over the scripted OpenAI server: each turn's prompt says
// how many tool rounds to make (`ROUNDS=n`), `call(k)` says what round k calls, and summary
// requests (the compactor's system prompt) are answered by `summary(n)`. Input usage is
// reported in proportion to the bytes received, as a provider would, so the engine's
// calibration sees sizes like a real one's.
import { chatText, chunk, DONE, sse, startScriptedServer, toolDelta, usageChunk, type FakeServer, type RecordedRequest, type Step } from "./fake-openai-server.js";

export interface Body {
  messages: { role: string; content?: unknown; tool_calls?: unknown[] }[];
  tools?: unknown[];
}

export interface RoundsModel extends FakeServer {
  /** The turn's own requests, in order (not the summary requests). */
  main(): RecordedRequest[];
  summaries(): RecordedRequest[];
}

export type CallSpec = { name: string; args: Record<string, unknown> };

export function bodyOf(request: RecordedRequest): Body {
  return JSON.parse(request.body.toString("utf8")) as Body;
}

export function isSummaryRequest(request: RecordedRequest): boolean {
  const first = bodyOf(request).messages[0];
  return first?.role === "system" && String(first.content).startsWith("You summarise");
}

function usage(request: RecordedRequest): string {
  const prompt = Math.ceil(request.body.length / 4);
  return usageChunk({ prompt_tokens: prompt, completion_tokens: 5, total_tokens: prompt + 5 });
}

/** A step making `calls` at once (parallel calls when more than one). */
export function callsStep(request: RecordedRequest, id: string, calls: CallSpec[]): Step {
  return sse(
    chunk({ role: "assistant", content: "" }),
    ...calls.map((call, index) => chunk(toolDelta(index, { id: `${id}_${index}`, name: call.name, args: JSON.stringify(call.args) }))),
    chunk({}, "tool_calls"),
    usage(request),
    DONE,
  );
}

export async function startRoundsModel(options: {
  call: (round: number) => CallSpec[];
  summary?: (n: number, request: RecordedRequest) => Step;
  /** Answers a turn request before the rounds logic (an overflow error, say); undefined: the rounds logic. */
  intercept?: (request: RecordedRequest) => Step | undefined;
}): Promise<RoundsModel> {
  let target = 0;
  let done = 0;
  let summaries = 0;
  let calls = 0;
  const server = await startScriptedServer((request) => {
    if (isSummaryRequest(request)) {
      summaries += 1;
      return options.summary ? options.summary(summaries, request) : chatText(`Goal: SUMMARY-${summaries}.\nIn progress: working.`);
    }
    const early = options.intercept?.(request);
    if (early) return early;
    const last = bodyOf(request).messages.at(-1);
    // A new prompt (not a compaction's summary) starts a turn: its ROUNDS=n sets the rounds.
    if (last?.role === "user" && !String(last.content).startsWith("[Context summary]")) {
      target = Number(/ROUNDS=(\d+)/.exec(String(last.content))?.[1] ?? 0);
      done = 0;
    }
    if (done >= target) return chatText(`FINAL after ${done} rounds`);
    done += 1;
    calls += 1;
    return callsStep(request, `call_${calls}`, options.call(calls));
  });
  return Object.assign(server, {
    main: () => server.requests.filter((request) => !isSummaryRequest(request)),
    summaries: () => server.requests.filter(isSummaryRequest),
  });
}
