import { describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { sessionFiles } from "../helpers/session-files.js";

describe("command line", () => {
  const box = makeSandbox();
  const env = { FAKE_LLM: "1", MINI_AGENT_HOME: box.home };

  it("--version prints the package version", async () => {
    const run = await runCli(["--version"], { cwd: box.workspace });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("--help lists the flags and exit codes", async () => {
    const run = await runCli(["--help"], { cwd: box.workspace });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("--output-format");
    expect(run.stdout).toContain("130 interrupted");
  });

  it.each([
    // Every quote opened is closed again (Node's own advice leaves one open).
    [["-p", "x", "--frobnicate"], /^mini-agent: unknown option '--frobnicate'\. Run mini-agent --help for the options; a task that starts with "-" goes after --, as in: mini-agent -- "--frobnicate"\n$/],
    [["-p", "x", "--output-format", "yaml"], /"yaml" for --output-format/],
    [["-p", "x", "--thinking", "extreme"], /"extreme" for --thinking/],
    [["-p", "x", "--max-rounds", "0"], /--max-rounds/],
    // Past 2^53 the number read is not the number given; "1e3" and "0x10" are not whole numbers as typed.
    [["-p", "x", "--max-rounds", "99999999999999999999"], /invalid value "99999999999999999999" for --max-rounds; expected a whole number from 1 to 9007199254740991/],
    [["-p", "x", "--max-rounds", "1e3"], /"1e3" for --max-rounds/],
    [["-p", "x", "--max-rounds", "0x10"], /"0x10" for --max-rounds/],
    [["-p", "x", "--max-rounds", ""], /"" for --max-rounds/],
    // An empty name would otherwise be dropped later as if the flag were absent.
    [["-p", "x", "--model", ""], /--model needs a value/],
    [["-p", "x", "--provider", " "], /--provider needs a value/],
    [["-p", "x", "--agent", ""], /--agent needs a value/],
    [["-p", "x", "--fork", ""], /invalid session id "" for --fork/],
    [["rpc", "--model", ""], /--model needs a value/],
    [["acp", "--max-rounds", "99999999999999999999"], /for --max-rounds/],
    [["undo", "--to", "99999999999999999999"], /for --to; expected a whole number/],
    [["sessions", "prune", "--older-than", "99999999999999999999d"], /for --older-than/],
    [["--input-format", "stream-json", "--output-format", "stream-json", "--max-turns", "99999999999999999999"], /for --max-turns/],
    [["--input-format", "stream-json", "--output-format", "stream-json", "--model", ""], /--model needs a value/],
    [["-p", "x", "-c", "--new"], /--continue and --new/],
    [["-p", "x", "--resume", "../etc"], /invalid session id/],
    [["-p"], /no task given/],
  ])("usage error %j exits 2 and names the problem", async (args, message) => {
    const run = await runCli(args, { cwd: box.workspace, env });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("--resume of an unknown session exits 2 and says where it looked", async () => {
    const run = await runCli(["-p", "x", "--resume", "nope"], { cwd: box.workspace, env });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/no session "nope"/);
  });

  it("-c with no earlier session exits 2", async () => {
    const fresh = makeSandbox();
    const run = await runCli(["-p", "x", "-c"], { cwd: fresh.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: fresh.home } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/no earlier session/);
  });

  it("a malformed FAKE_LLM script is a config error naming the file", async () => {
    const script = box.script({ turns: [{ tool_calls: [{ arguments: {} }] }] });
    const run = await runCli(["-p", "x"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(script);
  });

  it("takes the task from piped stdin", async () => {
    const fresh = makeSandbox();
    const script = fresh.script({ turns: [{ text: "got it" }] });
    const run = await runCli(["-p"], { cwd: fresh.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: fresh.home }, input: "task from stdin\n" });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("got it\n");
  });

  it("a provider error exits 1 and the session stays on disk", async () => {
    const fresh = makeSandbox();
    const script = fresh.script({ turns: [{ error: { kind: "provider", message: "upstream 500" } }] });
    const run = await runCli(["-p", "x"], { cwd: fresh.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: fresh.home } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("upstream 500");
    expect(sessionFiles(fresh.home)).toHaveLength(1);
  });
});
