// The user's `permissions` rules end to end under --yes: a deny holds for every tool and
// command that reaches the same program or path, and a rule the agent cannot apply stops
// start-up instead of protecting nothing.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";

type Call = { name: string; arguments: Record<string, unknown> };

function setup(deny: string[]) {
  const box = makeSandbox();
  writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ permissions: { deny } }));
  mkdirSync(path.join(box.workspace, "migrations"));
  mkdirSync(path.join(box.workspace, "secret"));
  writeFileSync(path.join(box.workspace, "migrations/001.sql"), "CREATE TABLE a;\n");
  writeFileSync(path.join(box.workspace, "secret/plan.txt"), "TOPSECRET-PLANS\n");
  writeFileSync(path.join(box.workspace, "deploy.sh"), "#!/bin/sh\necho DEPLOYED > deployed.txt\n");
  chmodSync(path.join(box.workspace, "deploy.sh"), 0o755);
  return box;
}

async function run(box: ReturnType<typeof makeSandbox>, calls: Call[], yes = true) {
  const script = box.script({ turns: calls.map((call) => ({ tool_calls: [call] })), after: { text: "done" } });
  const result = await runCli(["-p", "go", ...(yes ? ["--yes"] : []), "--no-sandbox"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
  expect(result.code, result.stderr).toBe(0);
  return eventLines(onlySessionFile(box.home)).filter((event) => event.type === "tool.result") as { content: string; isError: boolean }[];
}

describe("permissions deny rules under --yes", () => {
  it("write_file(migrations/**) stops edit_file and shell writes; run_command(./deploy.sh) stops it however it is run", async () => {
    const box = setup(["write_file(migrations/**)", "run_command(./deploy.sh)"]);
    const command = (line: string): Call => ({ name: "run_command", arguments: { command: line } });
    const results = await run(box, [
      { name: "edit_file", arguments: { path: "migrations/001.sql", old_string: "CREATE", new_string: "DROP" } },
      command("echo 'DROP TABLE a;' > migrations/001.sql"),
      command("cp deploy.sh migrations/002.sql"),
      command("./deploy.sh"),
      command("bash deploy.sh"),
    ]);
    expect(results.map((result) => result.isError)).toEqual([true, true, true, true, true]);
    expect(readFileSync(path.join(box.workspace, "migrations/001.sql"), "utf8")).toBe("CREATE TABLE a;\n");
    expect(existsSync(path.join(box.workspace, "migrations/002.sql"))).toBe(false);
    expect(existsSync(path.join(box.workspace, "deployed.txt"))).toBe(false);
  });

  // mvdan-sh's positions count UTF-8 bytes: read as string indexes, CJK before the heredoc
  // moved the judged script ("m"), and the rule and the built-in refusal both let rm through.
  it("run_command(rm*) and the refusal of deletes outside the workspace hold with non-ASCII text before a heredoc", async () => {
    const box = setup(["run_command(rm*)"]);
    writeFileSync(path.join(box.workspace, "victim"), "keep\n");
    const outside = path.join(path.dirname(box.workspace), "outside1");
    writeFileSync(outside, "keep\n");
    const command = (line: string): Call => ({ name: "run_command", arguments: { command: line } });
    const results = await run(box, [
      command("echo 你你你你; bash <<EOF\nrm victim\nEOF"),
      command(`echo 👍🏽👨‍👩‍👧 é; sh <<'EOF'\nrm -f victim\nEOF`),
    ]);
    expect(results.map((result) => result.isError)).toEqual([true, true]);
    expect(existsSync(path.join(box.workspace, "victim"))).toBe(true);

    const free = setup([]);
    const refused = await run(free, [command(`echo 你你你你你你; bash <<EOF\nrm ${outside}\nEOF`)]);
    expect(refused.map((result) => result.isError)).toEqual([true]);
    expect(refused[0]?.content).toMatch(/outside the workspace/);
    expect(existsSync(outside)).toBe(true);
  });

  // A recursive read of a tree holding a denied path asks (so --yes would approve it); a literal one is refused.
  it("read_file(secret/**) makes grep over the workspace ask and refuses cat", async () => {
    const box = setup(["read_file(secret/**)"]);
    const results = await run(box, [
      { name: "grep", arguments: { pattern: "TOPSECRET" } },
      { name: "run_command", arguments: { command: "cat secret/plan.txt" } },
      { name: "run_command", arguments: { command: "grep -rn TOPSECRET ." } },
    ], false);
    for (const result of results) expect(result.content).not.toContain("TOPSECRET-PLANS");
    expect(results.map((result) => result.content.includes("needs approval"))).toEqual([true, false, true]);
  });

  it("a rule naming a tool that does not exist stops start-up, naming the file and the right spelling", async () => {
    for (const [rule, hint] of [["Bash(rm:*)", "run_command(rm*)"], ["run_comand(rm *)", "did you mean run_command"], ["run_command()", "empty pattern"], ["write_file([)", "unclosed ["],
      // Paths are matched workspace-relative or absolute: a `..` in the pattern could match nothing.
      ["write_file(../team-docs/**)", "write the absolute path"], ["read_file(src/../secret/**)", "write the absolute path"]]) {
      const box = makeSandbox();
      writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ permissions: { deny: [rule] } }));
      const result = await runCli(["-p", "go"], { cwd: box.workspace, env: { FAKE_LLM: box.script({ turns: [{ text: "hi" }] }), MINI_AGENT_HOME: box.home } });
      expect(result.code, rule).toBe(2);
      expect(result.stderr).toContain(path.join(box.home, "config.json"));
      expect(result.stderr).toContain(JSON.stringify(rule));
      expect(result.stderr).toContain(hint);
    }
  });
});
