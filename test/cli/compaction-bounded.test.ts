// A long session's requests stay within the context budget whatever came before: failed
// summaries, a first prompt larger than the budget, a long latest request, hundreds of files.
// Through the real OpenAI SDK to a local model server; what is asserted is the bytes each
// request carried (a budget of N tokens is about 4N bytes) and what the session file holds.
import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chatText, status, type FakeServer, type RecordedRequest } from "../helpers/fake-openai-server.js";
import { providerSandbox, type ProviderSandbox } from "../helpers/provider-cli.js";
import { bodyOf, startRoundsModel, type RoundsModel } from "../helpers/rounds-model.js";
import { onlySessionFile } from "../helpers/session-files.js";

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function model(options: Parameters<typeof startRoundsModel>[0]): Promise<RoundsModel> {
  const server = await startRoundsModel(options);
  servers.push(server);
  return server;
}

function setUp(budget: number): ProviderSandbox {
  const box = providerSandbox();
  writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify({ context_budget: budget, max_rounds: 400 }));
  writeFileSync(path.join(box.workspace, "log.txt"), "a log line with an error message in it\n".repeat(150));
  writeFileSync(path.join(box.workspace, "small.txt"), "a short line\n".repeat(80));
  return box;
}

const env = (server: FakeServer) => ({ OPENAI_API_KEY: "sk-test-bounded-0000", OPENAI_BASE_URL: `${server.url}/v1` });

/** The conversation of a request as text (the system prompt left out). */
const conversation = (request: RecordedRequest) => JSON.stringify(bodyOf(request).messages.slice(1));
const firstMessage = (request: RecordedRequest) => String(bodyOf(request).messages[1]?.content);
const count = (text: string, part: string) => text.split(part).length - 1;
const oversized = (requests: RecordedRequest[], maxBytes: number) => requests.map((request) => request.body.length).filter((bytes) => bytes > maxBytes);

describe("compaction keeps every request within the budget", () => {
  it("failed summary requests never nest the earlier summary: one task, the last model summary carried once", async () => {
    const server = await model({
      call: () => [{ name: "read_file", args: { path: "log.txt" } }],
      summary: (n) => (n === 1 ? chatText("Goal: MODEL-SUMMARY-ONE.\nIn progress: reading the log.") : status(400, { error: { message: "bad summary request" } })),
    });
    const box = setUp(6_000);
    const task = `TASK-F1: ${"requirement detail. ".repeat(150)} ROUNDS=25`;
    const run = await box.run(["-p", task, "--output-format", "json"], env(server));
    expect(run.code, run.stderr).toBe(0);
    expect(server.summaries().length).toBeGreaterThan(5);

    const compacted = server.main().filter((request) => firstMessage(request).startsWith("[Context summary]"));
    expect(compacted.length).toBeGreaterThan(10);
    expect(oversized(server.main().slice(1), 6_000 * 4)).toEqual([]);
    for (const request of compacted) {
      const summary = firstMessage(request);
      expect(count(summary, "TASK-F1")).toBe(1);
      expect(count(summary, "An earlier summary said")).toBeLessThanOrEqual(1);
      expect(count(summary, "MODEL-SUMMARY-ONE")).toBe(1);
    }
    // The requests stop growing: the last is no bigger than the first compacted one, give or take a step.
    expect(compacted.at(-1)!.body.length).toBeLessThan(compacted[0]!.body.length + 2_000);
  });

  it("a first prompt larger than the budget is pinned by its start and end, and does not ask for a summary every step", async () => {
    const server = await model({ call: () => [{ name: "read_file", args: { path: "small.txt" } }] });
    const box = setUp(6_000);
    const prompt = `HUGE-START ${"log line with some error text here\n".repeat(1_000)}HUGE-MIDDLE\n${"log line with some error text here\n".repeat(1_000)} ROUNDS=10 HUGE-END`;
    const run = await box.run(["-p", prompt, "--output-format", "json"], env(server));
    expect(run.code, run.stderr).toBe(0);

    expect(server.summaries().length).toBeLessThanOrEqual(3);
    expect(oversized(server.summaries(), 6_000 * 4)).toEqual([]);
    // The first request is the prompt as given; every later one fits.
    const later = server.main().slice(1);
    expect(later).toHaveLength(10);
    expect(oversized(later, 6_000 * 4)).toEqual([]);
    for (const request of later) {
      const text = conversation(request);
      expect(text.includes("HUGE-START") && text.includes("HUGE-END")).toBe(true);
      expect(text.includes("HUGE-MIDDLE")).toBe(false);
    }
    // The session file keeps the prompt whole.
    expect(readFileSync(onlySessionFile(box.home), "utf8")).toContain("HUGE-MIDDLE");
  });

  it("a latest request longer than the pin room keeps its start and end, and the shorter follow-up before it stays", async () => {
    const server = await model({
      call: () => [{ name: "read_file", args: { path: "small.txt" } }],
      // A weak summary: only the engine's pins can carry the requests.
      summary: () => chatText("Goal: (unknown)\nIn progress: nothing"),
    });
    const box = setUp(6_000);
    expect((await box.run(["-p", "TASK-S: maintain the parser ROUNDS=4"], env(server))).code).toBe(0);
    expect((await box.run(["-c", "-p", "FOLLOWUP-A: use the v2 grammar ROUNDS=1"], env(server))).code).toBe(0);
    const before = server.requests.length;
    const big = `FOLLOWUP-BIG: fix the crash in this log ROUNDS=3\n${"at Parser.parse (src/parser.ts:120:5)\n".repeat(600)}END-OF-BIG`;
    const run = await box.run(["-c", "-p", big], env(server));
    expect(run.code, run.stderr).toBe(0);

    const third = server.requests.slice(before).filter((request) => !request.body.includes(Buffer.from("You summarise")));
    const compacted = third.filter((request) => firstMessage(request).includes("FOLLOWUP-BIG"));
    expect(compacted.length).toBeGreaterThanOrEqual(2);
    for (const request of compacted) {
      const pinned = firstMessage(request);
      expect(["TASK-S", "FOLLOWUP-A", "FOLLOWUP-BIG", "END-OF-BIG"].filter((part) => !pinned.includes(part))).toEqual([]);
      expect(request.body.length).toBeLessThanOrEqual(6_000 * 4);
    }
  });

  it("hundreds of files: the summary lists the latest few and a count, and the session file grows linearly", { timeout: 180_000 }, async () => {
    const file = (k: number) => `packages/app-${k % 7}/src/components/feature-${k}/internal/implementation-detail-${k}.tsx`;
    const server = await model({ call: (k) => [{ name: "write_file", args: { path: file(k), content: `export const v${k} = ${k};\n` } }] });
    const box = setUp(8_000);
    const rounds = 240;
    const run = await box.run(["-p", `TASK-I: scaffold components ROUNDS=${rounds}`, "--yes", "--output-format", "json"], env(server));
    expect(run.code, run.stderr).toBe(0);

    expect(oversized(server.main(), 8_000 * 4)).toEqual([]);
    // A summary now and then, not one per step.
    expect(server.summaries().length).toBeLessThan(rounds / 5);
    const last = firstMessage(server.main().at(-1)!);
    expect(last).toMatch(/Files changed so far: \(\d+ earlier not listed\) /);
    expect(last.length).toBeLessThan(8_000);

    // Each compaction event holds what it adds, not every file so far: bounded, so the file grows linearly.
    const lines = readFileSync(onlySessionFile(box.home), "utf8").split("\n");
    const compactions = lines.filter((line) => line.includes('"type":"context.compacted"'));
    expect(compactions.length).toBeGreaterThan(3);
    expect(Math.max(...compactions.map((line) => line.length))).toBeLessThan(8_000);
    expect(statSync(onlySessionFile(box.home)).size / rounds).toBeLessThan(3_000);
  });
});
