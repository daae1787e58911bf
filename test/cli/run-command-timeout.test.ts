// A timeout above run_command's maximum is cut to it, and the result says so: the model must
// not believe a long build had the hour it asked for. End to end through the CLI.
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";

async function results(calls: unknown[]) {
  const box = makeSandbox();
  const script = box.script({ turns: [{ tool_calls: calls }, { text: "done" }] });
  const run = await runCli(["-p", "run it", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
  expect(run.code, run.stderr).toBe(0);
  return eventLines(onlySessionFile(box.home))
    .filter((event) => event.type === "tool.result")
    .map((event) => String(event.content));
}

describe("run_command's timeout_ms above the maximum", () => {
  it("is cut to the maximum and the result says so, in the foreground and the background", async () => {
    const [foreground, background, within] = await results([
      { name: "run_command", arguments: { command: "echo ran", timeout_ms: 900_000 } },
      { name: "run_command", arguments: { command: "echo ran", timeout_ms: 7_200_000, background: true } },
      { name: "run_command", arguments: { command: "echo ran", timeout_ms: 5_000 } },
    ]);
    expect(foreground!.split("\n")[0]).toBe(
      "note: timeout_ms 900000 is above the maximum of 600000 ms for a foreground command (background runs longer); it was cut to 600000 ms",
    );
    expect(foreground).toContain("stdout:\nran");
    expect(background).toMatch(/^started task t1 in the background; check it with task_status .*\nnote: timeout_ms 7200000 is above the maximum of 3600000 ms for a background task; it was cut to 3600000 ms$/);
    expect(within).not.toContain("note:");
  });
});
