// A real `mini-agent -p` whose scripted multi-tool turn compacts mid-way is killed with
// SIGKILL at several points (before, during and after the summary request), then continued
// with -c: every resumed session must finish, sending only valid requests.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { collect, makeSandbox, runCli, startCli } from "../helpers/run-cli.js";
import { waitFor } from "../helpers/processes.js";
import { requestProblems } from "../helpers/request-validity.js";
import { eventLines, onlySessionFile, recordedRequests, sessionFiles } from "../helpers/session-files.js";

const read = { name: "read_file", arguments: { path: "notes.txt" } };
const TURN = {
  turns: [
    { text: "Reading.", delay_ms: 5, tool_calls: [read] },
    { text: "Writing.", delay_ms: 5, tool_calls: [{ name: "write_file", arguments: { path: "out.md", content: "# out\n" } }] },
    { text: "Reading again.", delay_ms: 5, tool_calls: [read, { name: "list_files", arguments: {} }] },
    { text: "And again.", delay_ms: 5, tool_calls: [read] },
    { text: "Finished." },
  ],
  // Slow summaries, so a kill can land while one is being written.
  summaries: [{ text: "Goal: make out.md. Next step: keep reading.", delay_ms: 60 }],
};

function fileText(home: string): string {
  const files = sessionFiles(home);
  return files.length === 1 ? readFileSync(files[0]!, "utf8") : "";
}

/** Kill points: a number of events on disk, or the first line of a given event type. */
const KILL_AT: (number | string)[] = [4, 9, 14, 19, "context.compacted", 27, 33, 40];

describe("SIGKILL during a compacting turn, then -c", () => {
  it("every resumed session finishes with valid requests", async () => {
    const failures: string[] = [];
    let compactedBeforeKill = 0;
    for (const killAt of KILL_AT) {
      const box = makeSandbox();
      writeFileSync(path.join(box.workspace, "notes.txt"), "## heading\nnotes of some length go on and on\n".repeat(100));
      writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify({ context_budget: 4000 }));
      const child = startCli(["-p", "make out.md from notes.txt", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: box.script(TURN), MINI_AGENT_HOME: box.home } });
      const done = collect(child);
      const reached = () => {
        const text = fileText(box.home);
        if (typeof killAt === "string") return text.includes(`"type":"${killAt}"`);
        return text.split("\n").length - 2 >= killAt;
      };
      // A run that finishes first is fine too: then -c continues a finished session.
      await waitFor(() => reached() || child.exitCode !== null, 20_000, `kill point ${killAt}`);
      child.kill("SIGKILL");
      await done;
      if (fileText(box.home).includes('"type":"context.compacted"')) compactedBeforeKill += 1;

      const record = path.join(box.home, "requests.jsonl");
      const resumed = { turns: [{ text: "Back.", tool_calls: [read] }, { text: "Resumed and finished." }] };
      const run = await runCli(["-p", "go on", "-c", "--yes", "--output-format", "json"], {
        cwd: box.workspace,
        env: { FAKE_LLM: box.script(resumed), MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record },
      });
      const problems: string[] = [];
      if (run.code !== 0) problems.push(`exit ${run.code}: ${run.stderr}`);
      else if ((JSON.parse(run.stdout) as { stop_reason: string }).stop_reason !== "completed") problems.push(`stopped: ${run.stdout}`);
      const sent = recordedRequests(record) as (ReturnType<typeof recordedRequests>[number] & { purpose?: string })[];
      const turnRequests = sent.filter((request) => request.purpose === undefined);
      problems.push(...requestProblems(turnRequests[0]?.messages ?? []));
      for (const request of turnRequests.slice(1)) {
        problems.push(...requestProblems(request.messages).filter((problem) => !problem.startsWith("ends with")));
      }
      const seqs = eventLines(onlySessionFile(box.home)).map((event) => event.seq as number);
      if (seqs.some((seq, index) => index > 0 && seq <= seqs[index - 1]!)) problems.push(`seqs ${seqs.join(",")}`);
      if (problems.length > 0) failures.push(`killed at ${killAt}: ${problems.join("; ")}`);
    }
    expect(failures).toEqual([]);
    // The kill points reach past the compaction in some runs (otherwise this tests nothing new).
    expect(compactedBeforeKill).toBeGreaterThanOrEqual(2);
  });
});
