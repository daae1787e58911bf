// A SIGKILL leaves the session file as a prefix of its events (writes are synchronous and
// ordered), possibly with a torn last line. So every crash point is covered by cutting a
// real session file after each event and resuming it: the first request of the resumed
// turn must be valid for a strict provider, and the file must stay well formed.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { answerByFlag } from "../../src/engine/approval/gate/flag-answerer.js";
import { FakeProvider } from "../../src/engine/llm/fake/fake.js";
import type { FakeScript } from "../../src/engine/llm/fake/fake-script.js";
import type { SessionChoice } from "../../src/engine/session/open-session.js";
import { startEngine } from "../helpers/engine.js";
import { requestProblems } from "../helpers/request-validity.js";
import { eventLines, recordedRequests, sessionFiles } from "../helpers/session-files.js";

const SCRIPT: FakeScript = {
  turns: [
    {
      reasoning: "look first",
      text: "Reading and listing.",
      tool_calls: [
        { name: "read_file", arguments: { path: "a.txt" } },
        { name: "run_command", arguments: { command: "echo hi" } },
      ],
    },
    { text: "Writing.", tool_calls: [{ name: "write_file", arguments: { path: "b.txt", content: "b" } }] },
    { text: "All done." },
  ],
};

async function runTurn(home: string, cwd: string, choice: SessionChoice, script: FakeScript, record?: string) {
  const { engine } = startEngine({ home, cwd, choice, provider: new FakeProvider(script, record) });
  answerByFlag(engine, true);
  engine.submit(choice.mode === "new" ? "first task" : "go on");
  const outcome = await engine.idle();
  await engine.shutdown();
  return { outcome: outcome!, file: sessionFiles(home)[0]! };
}

describe("resume after a crash at any event", () => {
  it("sends a valid request and keeps the file well formed for every cut point", async () => {
    const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "crash-prefix-")));
    const cwd = path.join(base, "ws");
    mkdirSync(cwd);
    writeFileSync(path.join(cwd, "a.txt"), "alpha");
    const full = await runTurn(path.join(base, "full"), cwd, { mode: "new" }, SCRIPT);
    expect(full.outcome.stopReason).toBe("completed");
    const lines = readFileSync(full.file, "utf8").split("\n").slice(0, -1);
    const cuts: { label: string; text: string }[] = [];
    for (let k = 0; k < lines.length; k += 1) {
      const prefix = lines.slice(0, k + 1).join("\n") + "\n";
      cuts.push({ label: `after ${k} events (${JSON.parse(lines[k]!).type ?? "header"})`, text: prefix });
      const next = lines[k + 1];
      if (next) cuts.push({ label: `torn inside event ${k + 1}`, text: prefix + next.slice(0, Math.floor(next.length / 2)) });
    }

    const failures: string[] = [];
    for (const [index, cut] of cuts.entries()) {
      const home = path.join(base, `home-${index}`);
      const dir = path.dirname(full.file.replace(path.join(base, "full"), home));
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, path.basename(full.file)), cut.text, { mode: 0o600 });
      const record = path.join(base, `record-${index}.jsonl`);
      const resumed = await runTurn(home, cwd, { mode: "continue" }, { turns: [{ text: "resumed" }] }, record);
      const problems = requestProblems(recordedRequests(record)[0]?.messages ?? []);
      const events = eventLines(sessionFiles(home)[0]!);
      const seqs = events.map((event) => event.seq as number);
      // Live-only events (deltas) take numbers on the bus too: the file's rise, with gaps.
      if (seqs.some((seq, i) => i > 0 && seq <= seqs[i - 1]!)) problems.push(`seqs not increasing: ${seqs.join(",")}`);
      const types = events.map((event) => event.type);
      if (types.includes("assistant.delta") || types.includes("tool.output")) problems.push("a live-only event on the disk");
      // A turn the kill left open is closed once, as interrupted, before the resumed turn starts.
      const started = types.filter((type) => type === "turn.started").length;
      if (types.filter((type) => type === "turn.ended").length !== started) problems.push(`turns not all ended: ${types.join(",")}`);
      const results = events.filter((event) => event.type === "tool.result").map((event) => event.callId);
      if (new Set(results).size !== results.length) problems.push(`duplicate results: ${results.join(",")}`);
      if (resumed.outcome.stopReason !== "completed") problems.push(`stopped: ${resumed.outcome.stopReason}`);
      if (problems.length > 0) failures.push(`${cut.label}: ${problems.join("; ")}`);
    }
    expect(failures).toEqual([]);
  });
});
