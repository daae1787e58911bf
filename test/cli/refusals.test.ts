import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile, sessionFiles } from "../helpers/session-files.js";

type Call = { name: string; arguments: Record<string, unknown> };

/** Runs one scripted turn of tool calls with --yes and returns the tool results by call order. */
async function runCalls(calls: Call[] | ((outside: string) => Call[]), setup?: (workspace: string, outside: string) => void) {
  const box = makeSandbox();
  const outside = path.join(path.dirname(box.workspace), "outside");
  mkdirSync(outside, { recursive: true });
  writeFileSync(path.join(outside, "secret.txt"), "top secret");
  setup?.(box.workspace, outside);
  const toolCalls = typeof calls === "function" ? calls(outside) : calls;
  const script = box.script({ turns: [{ tool_calls: toolCalls }, { text: "finished" }] });
  const run = await runCli(["-p", "do it", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
  expect(run.code, run.stderr).toBe(0);
  const results = eventLines(onlySessionFile(box.home)).filter((event) => event.type === "tool.result");
  return { box, outside, results: results as { content: string; isError: boolean }[] };
}

describe("refusals hold even under --yes", () => {
  it("refuses writes into .git, through .., to absolute paths outside, and leaves the disk untouched", async () => {
    const { box, outside, results } = await runCalls(
      [
        { name: "write_file", arguments: { path: ".git/config", content: "[core]" } },
        { name: "write_file", arguments: { path: "../outside/pwned.txt", content: "x" } },
        { name: "write_file", arguments: { path: "/outside-abs.txt", content: "x" } },
        { name: "edit_file", arguments: { path: "../outside/secret.txt", old_string: "top", new_string: "no" } },
      ],
      (workspace) => mkdirSync(path.join(workspace, ".git")),
    );
    expect(results.every((result) => result.isError)).toBe(true);
    expect(existsSync(path.join(box.workspace, ".git/config"))).toBe(false);
    expect(existsSync(path.join(outside, "pwned.txt"))).toBe(false);
    expect(existsSync("/outside-abs.txt")).toBe(false);
    expect(readFileSync(path.join(outside, "secret.txt"), "utf8")).toBe("top secret");
  });

  it("refuses reads through .., absolute paths and a symlink pointing out of the workspace", async () => {
    const { results } = await runCalls(
      (outside) => [
        { name: "read_file", arguments: { path: "../outside/secret.txt" } },
        { name: "read_file", arguments: { path: path.join(outside, "secret.txt") } },
        { name: "read_file", arguments: { path: "link.txt" } },
        { name: "read_file", arguments: { path: "linkdir/secret.txt" } },
      ],
      (workspace, outside) => {
        symlinkSync(path.join(outside, "secret.txt"), path.join(workspace, "link.txt"));
        symlinkSync(outside, path.join(workspace, "linkdir"));
      },
    );
    for (const result of results) {
      expect(result.isError).toBe(true);
      expect(result.content).not.toContain("top secret");
    }
  });

  it("refuses a dangerous command and it never runs", async () => {
    const { box, results } = await runCalls(
      [{ name: "run_command", arguments: { command: "rm -rf victim" } }],
      (workspace) => mkdirSync(path.join(workspace, "victim")),
    );
    expect(results[0]).toMatchObject({ isError: true });
    expect(existsSync(path.join(box.workspace, "victim"))).toBe(true);
  });

  it("spawns a real child process and returns its output and exit code", async () => {
    const { box, results } = await runCalls([
      { name: "run_command", arguments: { command: "echo hello-from-child && node -e \"require('fs').writeFileSync('spawned.txt', String(process.pid))\"" } },
      { name: "run_command", arguments: { command: "node -e \"process.exit(3)\"" } },
    ]);
    expect(results[0]!.content).toContain("hello-from-child");
    expect(Number(readFileSync(path.join(box.workspace, "spawned.txt"), "utf8"))).toBeGreaterThan(0);
    expect(results[1]!.content).toMatch(/exit code:? 3|exit(ed)? (with )?(code )?3/i);
  });
});

describe("the agent's own home", () => {
  it("is never readable by tools, even under a read root that holds it", async () => {
    const box = makeSandbox();
    const base = path.dirname(box.home);
    // The agent home may not be inside the workspace (ADR 0065), but a read root may reach it.
    writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ read_roots: [base] }));
    const env = { MINI_AGENT_HOME: box.home };
    const first = box.script({ turns: [{ text: "one" }] });
    expect((await runCli(["-p", "one"], { cwd: box.workspace, env: { ...env, FAKE_LLM: first } })).code).toBe(0);
    const script = box.script({
      turns: [{ tool_calls: [{ name: "read_file", arguments: { path: path.join(box.home, "config.json") } }, { name: "glob", arguments: { pattern: "**", path: box.home } }, { name: "read_file", arguments: { path: first } }] }, { text: "done" }],
    });
    const run = await runCli(["-p", "peek", "--new"], { cwd: box.workspace, env: { ...env, FAKE_LLM: script } });
    expect(run.code, run.stderr).toBe(0);
    // Two sessions may start within the same second; pick the one whose prompt was "peek".
    const peek = sessionFiles(box.home).find((file) => eventLines(file).some((event) => event.type === "turn.started" && event.prompt === "peek"))!;
    const results = eventLines(peek).filter((event) => event.type === "tool.result") as { content: string; isError: boolean }[];
    expect(results[0]!.isError).toBe(true);
    expect(results[0]!.content).not.toContain("read_roots");
    expect(results[1]!.content).not.toContain(".jsonl");
    // The read root itself works: the refusal is the agent home's, not the root's.
    expect(results[2]!.isError, results[2]!.content).toBe(false);
  });
});
