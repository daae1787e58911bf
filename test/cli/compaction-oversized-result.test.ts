// One tool result nearly the size of the whole budget: summarising the older part cannot make
// the request fit, so the kept tail's result is cut (start and end kept, the middle elided).
// Through the real OpenAI SDK to a local server that answers by what it was asked (a summary
// request has no tools) and reports input tokens in proportion to the bytes it received, as a
// provider would; what is asserted is the bytes each request carried.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chatText, chunk, DONE, sse, toolDelta, usageChunk, startScriptedServer, type FakeServer, type RecordedRequest, type Step } from "../helpers/fake-openai-server.js";
import { providerSandbox, type ProviderSandbox } from "../helpers/provider-cli.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";

const BUDGET = 8_000;
/** What a request of the budget's size may weigh on the wire: four bytes a token. */
const MAX_BYTES = BUDGET * 4;

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

function usage(request: RecordedRequest): string {
  const prompt = Math.ceil(request.body.length / 4);
  return usageChunk({ prompt_tokens: prompt, completion_tokens: 10, total_tokens: prompt + 10 });
}

function readCall(request: RecordedRequest, id: string, file: string): Step {
  return sse(
    chunk({ role: "assistant", content: `Reading ${file}.` }),
    chunk(toolDelta(0, { id, name: "read_file", args: JSON.stringify({ path: file }) })),
    chunk({}, "tool_calls"),
    usage(request),
    DONE,
  );
}

function isSummary(request: RecordedRequest): boolean {
  return (JSON.parse(request.body.toString("utf8")) as { tools?: unknown }).tools === undefined;
}

/** A model that reads the files in order, then finishes; a summary request gets a summary. */
async function modelReading(files: string[]): Promise<FakeServer> {
  let step = 0;
  const server = await startScriptedServer((request) => {
    if (isSummary(request)) return chatText("Goal: read the files.\nNext step: report.");
    step += 1;
    const file = files[step - 1];
    return file ? readCall(request, `call_${step}`, file) : chatText("Done reading.");
  });
  servers.push(server);
  return server;
}

function setUp(): ProviderSandbox {
  const box = providerSandbox();
  // ~28 KB: under read_file's own 30,000-character cut, nearly the whole 8,000-token budget.
  const lines = Array.from({ length: 360 }, (_, i) => (i === 0 ? "BIG-START" : i === 180 ? "BIG-MIDDLE" : i === 359 ? "BIG-END" : `line ${i} ${"x".repeat(64)}`));
  writeFileSync(path.join(box.workspace, "big.txt"), `${lines.join("\n")}\n`);
  writeFileSync(path.join(box.workspace, "small.txt"), "a small file\n".repeat(20));
  writeFileSync(path.join(box.workspace, "medium.txt"), `${"a medium line of text for the older part\n".repeat(150)}`);
  writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify({ context_budget: BUDGET }));
  return box;
}

function env(server: FakeServer): Record<string, string> {
  return { OPENAI_API_KEY: "sk-test-oversized-0000", OPENAI_BASE_URL: `${server.url}/v1` };
}

describe("a tool result nearly the budget's size", () => {
  it("is cut in the kept tail so every later request fits, with no summary request per step", async () => {
    const server = await modelReading(["medium.txt", "big.txt", "small.txt", "small.txt"]);
    const box = setUp();
    const run = await box.run(["-p", "read the files", "--output-format", "json"], env(server));
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ final_text: "Done reading.", stop_reason: "completed" });

    const turnRequests = server.requests.filter((request) => !isSummary(request));
    expect(turnRequests).toHaveLength(5);
    // Every request, the one after the big read included, fits the budget.
    expect(server.requests.map((request) => request.body.length).filter((bytes) => bytes > MAX_BYTES)).toEqual([]);
    // At most one summary for the whole turn, not one per step.
    expect(server.requests.filter(isSummary).length).toBeLessThanOrEqual(1);

    // The request after the big read holds its start and end, and says what was elided.
    const afterBig = turnRequests[2]!.body.toString("utf8");
    // (Booleans: a failing match would print the whole 30 KB body.)
    expect(afterBig.includes("BIG-START")).toBe(true);
    expect(afterBig.includes("BIG-END")).toBe(true);
    expect(afterBig.includes("BIG-MIDDLE")).toBe(false);
    expect(/\[… \d+ characters elided to fit the context window; read the source again in smaller parts/.test(afterBig)).toBe(true);

    const compactions = eventLines(onlySessionFile(box.home)).filter((event) => event.type === "context.compacted");
    expect(compactions[0]).toMatchObject({ elided: [{ callId: "call_2", chars: expect.any(Number) }] });
    // The full result stays on the wire: only the request's view was cut.
    const results = eventLines(onlySessionFile(box.home)).filter((event) => event.type === "tool.result" && event.callId === "call_2");
    expect(String(results[0]!.content)).toContain("BIG-MIDDLE");
  });

  it("a resumed session sends the same cut view the live one did", async () => {
    const live = await modelReading(["big.txt"]);
    const box = setUp();
    const first = await box.run(["-p", "read big.txt"], env(live));
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/context compacted: ~\d+ → ~\d+ tokens \(1 tool result shortened to fit\)/);
    const lastLive = JSON.parse(live.requests.at(-1)!.body.toString("utf8")) as { messages: unknown[] };

    const later = await modelReading([]);
    const second = await box.run(["-p", "and now?", "-c"], env(later));
    expect(second.code, second.stderr).toBe(0);
    const resumed = JSON.parse(later.requests[0]!.body.toString("utf8")) as { messages: unknown[] };
    expect(resumed.messages.slice(0, lastLive.messages.length)).toEqual(lastLive.messages);
    expect(JSON.stringify(resumed.messages)).not.toContain("BIG-MIDDLE");
  });
});
