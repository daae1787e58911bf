// A guard plugin's pattern on run_command's command holds for the spellings bash reads as the
// same words: repeated spaces, tabs, quotes and backslashes inside or around a word. End to end
// with --yes: the guard's refusal is what the model is told, and nothing is written.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";

describe("guard plugins on commands", () => {
  it("refuses every spelling bash reads as the guarded words", async () => {
    const box = makeSandbox();
    mkdirSync(path.join(box.home, "guards"));
    const plugin = { name: "house", rules: [{ tool: "run_command", args: { command: "*touch marker*" }, reason: "no markers" }] };
    writeFileSync(path.join(box.home, "guards", "house.json"), JSON.stringify(plugin));
    for (const command of ["touch  marker", "touch\tmarker", "touch 'marker'", 'touch mar""ker', "tou\\ch marker", 'touch "marker"']) {
      const script = box.script({ turns: [{ tool_calls: [{ name: "run_command", arguments: { command } }] }, { text: "said: {{last_result}}" }] });
      const result = await runCli(["-p", "go", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
      expect(result.code, command).toBe(0);
      expect(result.stdout, command).toContain("refused: no markers (guard plugin house)");
      expect(existsSync(path.join(box.workspace, "marker")), command).toBe(false);
    }
  });
});
