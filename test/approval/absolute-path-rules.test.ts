// A file rule written with an absolute path holds however the model names the file: the tools
// and the commands' judged writes and reads meet the rule with the path's absolute form too,
// not only its workspace-relative one (which an absolute pattern never matched). End to end,
// with --yes: what is on disk, and what the model was told.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";

async function runCall(box: ReturnType<typeof makeSandbox>, config: object, call: object): Promise<{ code: number | null; said: string }> {
  writeFileSync(path.join(box.home, "config.json"), JSON.stringify(config));
  const script = box.script({ turns: [{ tool_calls: [call] }, { text: "said: {{last_result}}" }] });
  const result = await runCli(["-p", "go", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
  return { code: result.code, said: result.stdout };
}

const command = (text: string) => ({ name: "run_command", arguments: { command: text } });

describe("absolute path rules", () => {
  it("a write deny on the workspace's absolute path stops the tools and commands that name it relatively", async () => {
    const box = makeSandbox();
    mkdirSync(path.join(box.workspace, "migrations"));
    const config = { permissions: { deny: [`write_file(${box.workspace}/migrations/**)`] } };
    const calls: [object, string][] = [
      [{ name: "write_file", arguments: { path: "migrations/a.sql", content: "x" } }, "a.sql"],
      [{ name: "write_file", arguments: { path: "./migrations/b.sql", content: "x" } }, "b.sql"],
      [command("echo x > migrations/c.sql"), "c.sql"],
      [command("touch migrations/d.sql"), "d.sql"],
    ];
    for (const [call, name] of calls) {
      const run = await runCall(box, config, call);
      expect(run.code).toBe(0);
      expect(run.said, name).toMatch(/refused: .*in your configuration/);
      expect(existsSync(path.join(box.workspace, "migrations", name)), name).toBe(false);
    }
  });

  it("a read deny on an absolute folder outside the workspace stops reads of it by any spelling", async () => {
    const box = makeSandbox();
    const outside = path.join(path.dirname(box.workspace), "team-docs");
    mkdirSync(outside);
    writeFileSync(path.join(outside, "s.txt"), "TOPSECRET\n");
    const config = { read_roots: [outside], permissions: { deny: [`read_file(${outside}/**)`] } };
    for (const call of [
      { name: "read_file", arguments: { path: "../team-docs/s.txt" } },
      command(`cat ${outside}/s.txt`),
      command("cat ../team-docs/s.txt"),
      command(`head -1 ${outside}/../team-docs/s.txt`),
    ]) {
      const run = await runCall(box, config, call);
      expect(run.code).toBe(0);
      expect(run.said, JSON.stringify(call)).toMatch(/refused: .*in your configuration/);
      expect(run.said, JSON.stringify(call)).not.toContain("TOPSECRET");
    }
  });
});
