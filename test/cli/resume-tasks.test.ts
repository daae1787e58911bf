// Background tasks across a crash: a task still running when its mini-agent is SIGKILLed is
// reported as lost by the resumed session, with its log kept; a task that ended says how.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { collect, makeSandbox, runCli, startCli } from "../helpers/run-cli.js";
import { processAlive, waitFor } from "../helpers/processes.js";
import { eventLines, onlySessionFile, sessionFiles } from "../helpers/session-files.js";

// Prints its pid, a line, then waits far longer than the test; portable across shells.
const LONG = `node -e "console.log('pid=' + process.pid); console.log('working'); setTimeout(() => {}, 60000)"`;
const SHORT = `node -e "console.log('short done'); process.exit(3)"`;

describe("background tasks after a crash", () => {
  it("the resumed session reports a task that was running as lost, with its log, and an ended one as it ended", async () => {
    const box = makeSandbox();
    const first = box.script({
      turns: [
        {
          text: "Starting both.",
          tool_calls: [
            { name: "run_command", arguments: { command: SHORT, background: true } },
            { name: "run_command", arguments: { command: LONG, background: true } },
          ],
        },
        { text: "Waiting.", delay_ms: 100_000 },
      ],
    });
    const child = startCli(["-p", "start the tasks", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: first, MINI_AGENT_HOME: box.home } });
    const done = collect(child);
    const logOf = (id: string) => path.join(sessionFiles(box.home)[0]!.replace(/\.jsonl$/, ""), "tasks", `${id}.log`);
    const read = (file: string) => {
      try {
        return readFileSync(file, "utf8");
      } catch {
        return "";
      }
    };
    await waitFor(() => sessionFiles(box.home).length === 1 && /^pid=\d+\nworking$/m.test(read(logOf("t2"))) && read(logOf("t1")).includes("ended:"), 20_000, "both tasks to report");
    const pid = Number(/^pid=(\d+)$/m.exec(read(logOf("t2")))![1]);
    child.kill("SIGKILL");
    await done;
    // The task's process group outlives a SIGKILLed parent; clean it up for the test machine.
    if (processAlive(pid)) process.kill(pid, "SIGKILL");

    const second = box.script({
      turns: [{ text: "Checking.", tool_calls: [{ name: "task_status", arguments: {} }, { name: "task_status", arguments: { id: "t2" } }] }, { text: "ok" }],
    });
    const run = await runCli(["-p", "how are the tasks?", "-c", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: second, MINI_AGENT_HOME: box.home } });
    expect(run.code, run.stderr).toBe(0);
    const results = eventLines(onlySessionFile(box.home)).filter((event) => event.type === "tool.result" && event.name === "task_status");
    expect(results.map((event) => event.content)).toEqual([
      `t1: exited — ${SHORT}\nt2: lost — ${LONG}`,
      expect.stringMatching(new RegExp(`^task t2: lost\\ncommand: .*\\nlog: .*t2\\.log\\nlast output:\\npid=\\d+\\nworking$`)),
    ]);
    expect(read(logOf("t2"))).toMatch(/working/);
  });
});
