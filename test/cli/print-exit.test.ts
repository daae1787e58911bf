// A finished print run ends itself once its output is flushed (src/cli/exit-when-flushed.ts),
// rather than waiting for Node to find the event loop empty. What must still hold: every byte
// of the answer reaches a reader that is slow to read it, the exit code is the run's, and the
// session file is complete.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { collect, makeSandbox, startCli } from "../helpers/run-cli.js";
import { waitFor } from "../helpers/processes.js";
import { eventLines, onlySessionFile, sessionFiles } from "../helpers/session-files.js";

/** ~2 MiB of answer: far more than a pipe holds, so the run must wait for its reader. */
const ANSWER = Array.from({ length: 40_000 }, (_, line) => `line ${line} of the answer, padded to fifty bytes..`).join("\n");

/** The run is over: its turn ended and its engine shut down (which releases the session's lock). */
function runOver(home: string): boolean {
  const files = sessionFiles(home);
  if (files.length !== 1) return false;
  return readFileSync(files[0]!, "utf8").includes('"type":"turn.ended"') && !existsSync(files[0]!.replace(/\.jsonl$/, ".lock"));
}

describe("a print run's exit", () => {
  for (const format of ["text", "stream-json"]) {
    it(`delivers a 2 MiB answer whole to a reader that starts late (${format}), then exits 0`, async () => {
      const box = makeSandbox();
      const script = box.script({ turns: [{ text: ANSWER }] });
      const child = startCli(["-p", "answer at length", "--output-format", format], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
      // Nothing is read until the run is over. A pipe holds far less than the answer, so most
      // of it is still queued in the child, which must not exit before its reader has it.
      child.stdout!.pause();
      await waitFor(() => runOver(box.home), 30_000, "the run to end");
      const collected = collect(child);
      child.stdout!.resume();
      const run = await collected;
      expect(run.code, run.stderr).toBe(0);
      const answer =
        format === "text"
          ? run.stdout.trimEnd()
          : run.stdout
              .trim()
              .split("\n")
              .map((line) => JSON.parse(line) as { type: string; text?: string })
              .filter((event) => event.type === "assistant.message")
              .map((event) => event.text)
              .join("");
      expect(answer.length).toBe(ANSWER.length);
      expect(answer === ANSWER).toBe(true);
      // What is written after the answer is there too: text's last stderr line, stream-json's last event.
      if (format === "text") expect(run.stderr).toMatch(/session \S+ \(resume: MINI_AGENT_HOME=\S+ mini-agent -r \S+\)\n$/);
      else expect(JSON.parse(run.stdout.trim().split("\n").at(-1)!)).toMatchObject({ type: "turn.ended", stopReason: "completed" });
      expect(eventLines(onlySessionFile(box.home)).at(-1)).toMatchObject({ type: "turn.ended", stopReason: "completed" });
    });
  }
});
