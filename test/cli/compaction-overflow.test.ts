// After a provider's context-overflow error the session must work again, in this turn and on
// resume, even when the latest step is the large part (five 28 KB reads at once, one 100 KB
// write_file): the recovery cuts the latest results and call arguments below what the provider
// refused, and says so to the model. Also, a call's arguments too large for the budget are cut
// in what is sent afterwards, as results are. Through the real OpenAI SDK to a local model
// that refuses requests above a size, as a provider with a smaller window than assumed would.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { status, type FakeServer, type RecordedRequest } from "../helpers/fake-openai-server.js";
import { providerSandbox, type ProviderSandbox } from "../helpers/provider-cli.js";
import { bodyOf, startRoundsModel, type CallSpec, type RoundsModel } from "../helpers/rounds-model.js";

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

const OVERFLOW = status(400, {
  error: { message: "This model's maximum context length is 32768 tokens.", type: "invalid_request_error", code: "context_length_exceeded" },
});

/** A model whose real window is `maxBytes` of request: anything larger is refused. */
async function smallWindowModel(maxBytes: number, call: (round: number) => CallSpec[]): Promise<RoundsModel & { refused: RecordedRequest[] }> {
  const refused: RecordedRequest[] = [];
  const server = await startRoundsModel({
    call,
    intercept: (request) => {
      if (request.body.length <= maxBytes) return undefined;
      refused.push(request);
      return OVERFLOW;
    },
  });
  servers.push(server);
  return Object.assign(server, { refused });
}

function setUp(config: Record<string, unknown> = {}): ProviderSandbox {
  const box = providerSandbox();
  writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify(config));
  for (let i = 0; i < 5; i += 1) {
    const lines = Array.from({ length: 500 }, (_, j) => `line ${j} of log ${i} with some content padding padding`);
    writeFileSync(path.join(box.workspace, `f${i}.txt`), `${lines.join("\n")}\n`);
  }
  writeFileSync(path.join(box.workspace, "small.txt"), "a short line\n".repeat(40));
  return box;
}

const env = (server: FakeServer) => ({ OPENAI_API_KEY: "sk-test-overflow-0000", OPENAI_BASE_URL: `${server.url}/v1` });
const text = (request: RecordedRequest) => request.body.toString("utf8");

describe("after a context-overflow error", () => {
  it("five large results in the latest step are cut below what was refused; the turn and every resume work", async () => {
    const reads = Array.from({ length: 5 }, (_, i) => ({ name: "read_file", args: { path: `f${i}.txt` } }));
    const server = await smallWindowModel(100_000, () => reads);
    const box = setUp();
    const first = await box.run(["-p", "TASK-M: compare the five logs ROUNDS=1", "--output-format", "json"], env(server));
    expect(first.code, first.stdout).toBe(0);
    expect(server.refused).toHaveLength(1);
    const retried = server.requests[server.requests.indexOf(server.refused[0]!) + 1]!;
    expect(retried.body.length).toBeLessThanOrEqual(100_000);
    // The model is told what was cut, and still sees every result's start.
    expect(text(retried)).toMatch(/characters elided to fit the context window/);
    expect([0, 1, 2, 3, 4].filter((i) => !text(retried).includes(`line 0 of log ${i}`))).toEqual([]);

    for (const n of [1, 2, 3]) {
      const later = await box.run(["-c", "-p", `FOLLOW-${n}: just answer ROUNDS=0`, "--output-format", "json"], env(server));
      expect(later.code, later.stdout).toBe(0);
      expect(JSON.parse(later.stdout)).toMatchObject({ final_text: "FINAL after 0 rounds", errors: [] });
    }
    expect(server.refused).toHaveLength(1);
    expect(text(server.requests.at(-1)!)).toContain("FOLLOW-3");
  });

  it("one write_file whose content alone overflows: its arguments are cut (valid JSON, the path kept) and the session goes on", async () => {
    const content = `CONTENT-START ${"x".repeat(100_000)} CONTENT-END`;
    const server = await smallWindowModel(60_000, (k) => (k === 1 ? [{ name: "write_file", args: { path: "big.txt", content } }] : [{ name: "read_file", args: { path: "small.txt" } }]));
    const box = setUp();
    const run = await box.run(["-p", "TASK-W: write it ROUNDS=2", "--yes", "--output-format", "json"], env(server));
    expect(run.code, run.stdout).toBe(0);
    expect(server.refused).toHaveLength(1);
    const after = server.requests.slice(server.requests.indexOf(server.refused[0]!) + 1);
    expect(after.length).toBeGreaterThanOrEqual(2);
    for (const request of after) {
      expect(request.body.length).toBeLessThanOrEqual(60_000);
      const call = bodyOf(request).messages.flatMap((message) => (message.tool_calls ?? []) as { function: { name: string; arguments: string } }[])[0]!;
      const args = JSON.parse(call.function.arguments) as { path: string; content: string };
      expect(args.path).toBe("big.txt");
      expect(args.content.startsWith("CONTENT-START") && args.content.endsWith("CONTENT-END")).toBe(true);
      expect(args.content).toMatch(/characters of this argument elided from the conversation to fit the context window; the call ran with the whole text/);
    }
    const resumed = await box.run(["-c", "-p", "FOLLOW: ROUNDS=0", "--output-format", "json"], env(server));
    expect(resumed.code, resumed.stdout).toBe(0);
  });

  it("a call's large arguments are cut to fit the budget like results in what is sent after it", async () => {
    const content = `CONTENT-START ${"y".repeat(45_000)} CONTENT-END`;
    const server = await startRoundsModel({
      call: (k) => (k === 1 ? [{ name: "write_file", args: { path: "big.txt", content } }] : [{ name: "read_file", args: { path: "small.txt" } }]),
    });
    servers.push(server);
    const box = setUp({ context_budget: 6_000 });
    const run = await box.run(["-p", "TASK-A: write then check ROUNDS=4", "--yes", "--output-format", "json"], env(server));
    expect(run.code, run.stdout).toBe(0);
    // Every request fits, the one right after the call included (cut before it was sent).
    expect(server.requests.map((request) => request.body.length).filter((bytes) => bytes > 6_000 * 4)).toEqual([]);
    expect(server.requests.slice(1).every((request) => /of this argument elided/.test(text(request)))).toBe(true);
  });
});
