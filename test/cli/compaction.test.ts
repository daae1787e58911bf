// Compaction end to end: a real `mini-agent -p` with a tiny context_budget and a scripted
// model. What is asserted is what the model received (FAKE_LLM_RECORD) and what is on disk.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli, type Sandbox } from "../helpers/run-cli.js";
import { requestProblems } from "../helpers/request-validity.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";

interface Sent {
  system: string;
  purpose?: string;
  tools: unknown[];
  messages: { role: string; content?: string; text?: string; toolCalls?: { id: string; name: string }[]; callId?: string }[];
}

const GOAL = "Please turn notes.txt into summary.md, keeping every heading";

/** A turn that plans, reads a large file three times and writes once, then stops. */
const TURN = {
  turns: [
    {
      text: "Planning.",
      tool_calls: [
        {
          name: "todo_write",
          arguments: {
            todos: [
              { content: "read notes.txt", status: "in_progress" },
              { content: "write summary.md", status: "pending" },
              { content: "check the headings", status: "pending" },
            ],
          },
        },
      ],
    },
    { text: "Reading the notes.", tool_calls: [{ name: "read_file", arguments: { path: "notes.txt" } }] },
    { text: "Writing the summary.", tool_calls: [{ name: "write_file", arguments: { path: "summary.md", content: "# Notes\n" } }] },
    { text: "Reading again to check.", tool_calls: [{ name: "read_file", arguments: { path: "notes.txt" } }] },
    { text: "One more look.", tool_calls: [{ name: "read_file", arguments: { path: "notes.txt" } }] },
    { text: "Finished: summary.md has every heading." },
  ],
  summaries: [{ text: "Goal: turn notes into a summary.\nIn progress: checking headings.\nNext step: finish." }],
};

function setUp(budget: number): Sandbox {
  const box = makeSandbox();
  writeFileSync(path.join(box.workspace, "notes.txt"), "## a heading\nsome line of notes that goes on for a while\n".repeat(120));
  writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify({ context_budget: budget }));
  return box;
}

function requests(file: string): Sent[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Sent);
}

async function run(box: Sandbox, script: unknown, args: string[]) {
  const record = path.join(box.home, `requests-${Math.random().toString(36).slice(2)}.jsonl`);
  const result = await runCli(["-p", ...args, "--yes", "--output-format", "json"], {
    cwd: box.workspace,
    env: { FAKE_LLM: box.script(script), MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record },
  });
  return { result, sent: requests(record), json: result.stdout ? (JSON.parse(result.stdout) as Record<string, unknown>) : {} };
}

/** Pairing problems only: a mid-turn request ends with tool results, not a user message. */
function pairing(request: Sent): string[] {
  return requestProblems(request.messages).filter((problem) => !problem.startsWith("ends with"));
}

describe("compaction in a long turn", () => {
  it("keeps the goal, the open todos and the files changed, and the turn ends because the model stopped", async () => {
    const box = setUp(4000);
    const { result, sent, json } = await run(box, TURN, [GOAL]);
    expect(result.code, result.stderr).toBe(0);
    expect(json).toMatchObject({ stop_reason: "completed", final_text: "Finished: summary.md has every heading." });

    const summaryAt = sent.findIndex((request) => request.purpose === "summary");
    expect(summaryAt).toBeGreaterThan(0);
    const summaryRequest = sent[summaryAt]!;
    // The summary request goes to the same model, without tools, over the older part.
    expect(summaryRequest.tools).toEqual([]);
    expect(summaryRequest.messages[0]).toMatchObject({ role: "user", content: GOAL });
    expect(summaryRequest.messages.at(-1)!.content).toMatch(/^Summarise the conversation above/);

    const after = sent[summaryAt + 1]!;
    expect(after.purpose).toBeUndefined();
    const first = after.messages[0]!;
    expect(first.role).toBe("user");
    expect(first.content).toContain("Goal: turn notes into a summary.");
    expect(first.content).toContain(`The user's request, verbatim:\n${GOAL}`);
    expect(first.content).toContain("Files read so far: notes.txt");
    expect(after.system).toMatch(/\[>\] read notes\.txt[\s\S]*\[ \] write summary\.md/);
    expect(first.content).toMatch(/Open todos:\n- \[in_progress\] read notes\.txt\n- \[pending\] write summary\.md/);
    expect(pairing(after)).toEqual([]);

    // Every later turn request carries a summary first, and files changed once they are behind it.
    const later = sent.slice(summaryAt + 1).filter((request) => request.purpose === undefined);
    expect(later.length).toBeGreaterThanOrEqual(2);
    for (const request of later) {
      expect(request.messages[0]!.content).toMatch(/^\[Context summary\]/);
      expect(request.messages[0]!.content).toContain(GOAL);
      expect(pairing(request)).toEqual([]);
    }
    expect(later.at(-1)!.messages[0]!.content).toContain("Files changed so far: summary.md");
    // The scripted turns were all used: compaction did not eat or repeat a step.
    expect(later.at(-1)!.messages.at(-1)).toMatchObject({ role: "tool" });
    expect(readFileSync(path.join(box.workspace, "summary.md"), "utf8")).toBe("# Notes\n");

    const events = eventLines(onlySessionFile(box.home));
    const compactions = events.filter((event) => event.type === "context.compacted");
    expect(compactions.length).toBeGreaterThanOrEqual(1);
    expect(compactions[0]).toMatchObject({ mode: "summary", trigger: "auto" });
    expect(compactions[0]!.tokensAfter as number).toBeLessThan(compactions[0]!.tokensBefore as number);
    // The full history stays on the wire: every tool result is still there.
    expect(events.filter((event) => event.type === "tool.result")).toHaveLength(5);
  });

  it("says so once per turn in text mode, however often the turn compacts", async () => {
    const box = setUp(4000);
    const result = await runCli(["-p", GOAL, "--yes"], { cwd: box.workspace, env: { FAKE_LLM: box.script(TURN), MINI_AGENT_HOME: box.home } });
    expect(result.code, result.stderr).toBe(0);
    const compactions = eventLines(onlySessionFile(box.home)).filter((event) => event.type === "context.compacted");
    expect(compactions.length).toBeGreaterThanOrEqual(2);
    expect(result.stderr.match(/^context compacted: ~\d+ → ~\d+ tokens \(\d+ messages summarised\)$/gm)).toHaveLength(1);
  });

  it("a resumed session sends the very compacted view the live one had", async () => {
    const box = setUp(4000);
    const live = await run(box, TURN, [GOAL]);
    expect(live.result.code, live.result.stderr).toBe(0);
    const lastLive = live.sent.filter((request) => request.purpose === undefined).at(-1)!;
    expect(lastLive.messages[0]!.content).toMatch(/^\[Context summary\]/);

    // A roomy budget now, so the resumed turn's first request is the folded view as is.
    writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify({ context_budget: 1_000_000 }));
    const resumed = await run(box, { turns: [{ text: "ok" }] }, ["and now?", "-c"]);
    expect(resumed.result.code, resumed.result.stderr).toBe(0);
    const [first] = resumed.sent;
    expect(first!.messages).toEqual([
      ...lastLive.messages,
      { role: "assistant", text: "Finished: summary.md has every heading.", toolCalls: [] },
      { role: "user", content: "and now?" },
    ]);
  });

  it("a follow-up turn compacted away does not replace the task it continues", async () => {
    const box = setUp(4000);
    const first = await run(box, TURN, [GOAL]);
    expect(first.result.code, first.result.stderr).toBe(0);
    // "go on" comes after the task was summarised; "now also" then compacts in its own turn.
    expect((await run(box, { turns: [{ text: "Going on." }] }, ["go on", "-c"])).result.code).toBe(0);
    const followUp = await run(box, TURN, ["now also check the headings twice", "-c"]);
    expect(followUp.result.code, followUp.result.stderr).toBe(0);
    const summaryAt = followUp.sent.findIndex((request) => request.purpose === "summary");
    expect(summaryAt).toBeGreaterThan(0);
    const later = followUp.sent.slice(summaryAt + 1).filter((request) => request.purpose === undefined);
    expect(later.length).toBeGreaterThanOrEqual(1);
    for (const request of later) {
      const pinned = request.messages[0]!.content!;
      expect(pinned).toContain(`The user's request, verbatim:\n${GOAL}`);
      expect(pinned).toMatch(/The user's later messages, verbatim, oldest first:\n- go on\n- now also check the headings twice/);
    }
  });

  it("falls back to dropping the oldest messages when the summary request fails, and says so", async () => {
    const box = setUp(4000);
    const script = { ...TURN, summaries: [{ error: { kind: "provider", message: "summary service down" } }] };
    const { result, sent } = await run(box, script, [GOAL]);
    expect(result.code, result.stderr).toBe(0);
    const events = eventLines(onlySessionFile(box.home)).filter((event) => event.type === "context.compacted");
    expect(events[0]).toMatchObject({ mode: "dropped", reason: "the summary request failed: summary service down" });
    expect(result.stderr).toMatch(/mini-agent: context compacted by dropping the \d+ oldest messages: the summary request failed: summary service down/);
    const after = sent[sent.findIndex((request) => request.purpose === "summary") + 1]!;
    expect(after.messages[0]!.content).toContain("the oldest messages were dropped without a summary");
    expect(after.messages[0]!.content).toContain(`The user's request, verbatim:\n${GOAL}`);
    expect(pairing(after)).toEqual([]);
  });

  it("on a context-overflow error compacts and retries the step once", async () => {
    const box = setUp(1_000_000);
    const script = {
      turns: [
        TURN.turns[0],
        TURN.turns[1],
        // The large read is then older than the latest exchange: the summary replaces it.
        TURN.turns[2],
        { error: { kind: "context_length", message: "prompt is too long: 250000 tokens > 200000 maximum" } },
        { text: "Done after the retry." },
      ],
    };
    const { result, sent, json } = await run(box, script, [GOAL]);
    expect(result.code, result.stderr).toBe(0);
    expect(json).toMatchObject({ stop_reason: "completed", final_text: "Done after the retry.", errors: [] });
    const events = eventLines(onlySessionFile(box.home));
    expect(events.filter((event) => event.type === "context.compacted")).toEqual([expect.objectContaining({ trigger: "overflow" })]);
    expect(sent.map((request) => request.purpose ?? "turn")).toEqual(["turn", "turn", "turn", "turn", "summary", "turn"]);
    expect(sent.at(-1)!.messages[0]!.content).toMatch(/^\[Context summary\]/);
  });

  it("on an overflow with nothing big to replace, the summary is not applied and the error stands", async () => {
    const box = setUp(1_000_000);
    const overflow = { error: { kind: "context_length", message: "prompt is too long" } };
    const { result, json, sent } = await run(box, { turns: [TURN.turns[0], overflow, { text: "never" }], summaries: TURN.summaries }, [GOAL]);
    expect(result.code).toBe(1);
    expect(json).toMatchObject({ stop_reason: "error", errors: ["prompt is too long"] });
    expect(eventLines(onlySessionFile(box.home)).filter((event) => event.type === "context.compacted")).toEqual([]);
    // The summary request not applied is a request all the same.
    expect(sent.map((request) => request.purpose ?? "turn")).toEqual(["turn", "turn", "summary"]);
    expect((json["usage"] as { requests: number }).requests).toBe(3);
  });

  it("an overflow that compaction cannot shrink again is the turn's error, not a loop", async () => {
    const box = setUp(1_000_000);
    const overflow = { error: { kind: "context_length", message: "prompt is too long" } };
    const script = { turns: [TURN.turns[0], TURN.turns[1], overflow, overflow, { text: "never" }] };
    const { result, json } = await run(box, script, [GOAL]);
    expect(result.code).toBe(1);
    expect(json).toMatchObject({ stop_reason: "error", errors: ["prompt is too long"] });
  });
});

describe("PreCompact hooks", () => {
  it("run before the summary request with the trigger, as Claude Code's do", async () => {
    const box = setUp(4000);
    const log = path.join(box.home, "precompact.jsonl");
    const hook = path.join(box.home, "precompact.mjs");
    writeFileSync(hook, `import { appendFileSync } from "node:fs";
let s = "";
process.stdin.on("data", (c) => (s += c));
process.stdin.on("end", () => appendFileSync(${JSON.stringify(log)}, s.trim() + "\\n"));`);
    writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ hooks: { PreCompact: [{ hooks: [{ type: "command", command: `"${process.execPath}" "${hook}"` }] }] } }));
    const { result, sent } = await run(box, TURN, [GOAL]);
    expect(result.code, result.stderr).toBe(0);
    expect(sent.some((request) => request.purpose === "summary")).toBe(true);
    expect(existsSync(log), result.stderr).toBe(true);
    const payloads = readFileSync(log, "utf8").trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(payloads.length).toBeGreaterThan(0);
    expect(payloads[0]).toMatchObject({ hook_event_name: "PreCompact", trigger: "auto", custom_instructions: "" });
  });
});
