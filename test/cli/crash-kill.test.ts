// Resume is tested by killing a real process: a scripted multi-call turn is killed with
// SIGKILL once its session file holds N events, for several N (streaming, between a call
// and its approval, mid-command, between results), then continued with -c. Every request
// the model then receives must be valid for a strict provider.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { collect, makeSandbox, runCli, startCli } from "../helpers/run-cli.js";
import { waitFor } from "../helpers/processes.js";
import { requestProblems } from "../helpers/request-validity.js";
import { eventLines, onlySessionFile, recordedRequests, sessionFiles } from "../helpers/session-files.js";

const TURNS = {
  turns: [
    {
      text: "Looking around first, then a slow command.",
      delay_ms: 40,
      tool_calls: [
        { name: "list_files", arguments: {} },
        // node, not `sleep 0.4`: the same slow command under bash and cmd.exe.
        { name: "run_command", arguments: { command: `node -e "setTimeout(() => {}, 400)"` } },
        { name: "write_file", arguments: { path: "out.txt", content: "x" } },
      ],
    },
    { text: "Checking the result.", delay_ms: 40, tool_calls: [{ name: "read_file", arguments: { path: "out.txt" } }] },
    { text: "Finished." },
  ],
};

function eventCount(home: string): number {
  const files = sessionFiles(home);
  if (files.length !== 1) return 0;
  return readFileSync(files[0]!, "utf8").split("\n").length - 2;
}

describe("SIGKILL at many points, then -c", () => {
  // child.kill("SIGKILL") is TerminateProcess on Windows: the same abrupt end, so this runs everywhere.
  it("always sends a valid next request and keeps seqs increasing", async () => {
    const failures: string[] = [];
    for (const killAt of [0, 3, 8, 12, 14, 16, 19, 22]) {
      const box = makeSandbox();
      const env = { FAKE_LLM: box.script(TURNS), MINI_AGENT_HOME: box.home };
      const child = startCli(["-p", "do the thing", "--yes"], { cwd: box.workspace, env });
      const done = collect(child);
      // killAt 0: the moment the file exists (the header, maybe nothing else).
      await waitFor(() => sessionFiles(box.home).length === 1 && eventCount(box.home) >= killAt, 15_000, `${killAt} events`);
      child.kill("SIGKILL");
      await done;
      const cut = eventLines(onlySessionFile(box.home)).at(-1)?.type ?? "header";

      const record = path.join(box.home, "requests.jsonl");
      const run = await runCli(["-p", "go on", "-c", "--yes"], {
        cwd: box.workspace,
        env: { FAKE_LLM: box.script({ turns: [{ text: "resumed" }] }), MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record },
      });
      const problems = run.code === 0 ? [] : [`exit ${run.code}: ${run.stderr}`];
      problems.push(...requestProblems(recordedRequests(record)[0]?.messages ?? []));
      const seqs = eventLines(onlySessionFile(box.home)).map((event) => event.seq as number);
      if (seqs.some((seq, index) => index > 0 && seq <= seqs[index - 1]!)) problems.push(`seqs ${seqs.join(",")}`);
      if (problems.length > 0) failures.push(`killed after ${killAt} events (last: ${cut}): ${problems.join("; ")}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
