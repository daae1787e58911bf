// A command judged as the very first thing a session does is judged by the full command policy,
// loaded on the way (ADR 0027): the command rules exist only once the policy has loaded, so
// nothing can meet it half there. The scripted model (FAKE_LLM) makes no HTTP request, so the
// warm-up that loads the parser while a request waits (shell-warmup.ts) never runs: the first
// tool call of the first turn is the first thing to need the policy, in the checkpoint hook's
// read-only proof and then in the gate. No --yes: only the rules' own allow lets a call run.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";

/** Written by the shell parser's first load in a home (ADR 0022): the full parser judged a command. */
const parserCache = (home: string) => path.join(home, "cache", "mvdan-sh.v8-cache");

describe("the first command of a session", () => {
  it("is classified by the loaded policy: a piped read runs unasked with no checkpoint of its own, a destructive command is denied", async () => {
    const box = makeSandbox();
    writeFileSync(path.join(box.workspace, "notes.txt"), "one\ntwo\nthree\n");
    const script = box.script({
      turns: [
        {
          tool_calls: [
            // A pipe is not plain syntax (plain-command.ts): judging it needs mvdan-sh and the allowlist.
            { name: "run_command", arguments: { command: "cat notes.txt | wc -l" } },
            { name: "run_command", arguments: { command: "rm -rf ~" } },
          ],
        },
        { text: "counted" },
      ],
    });
    expect(existsSync(parserCache(box.home))).toBe(false);
    const run = await runCli(["-p", "count the notes"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("counted");

    const events = eventLines(onlySessionFile(box.home));
    const decisions = events.filter((event) => event.type === "approval.decision");
    expect(decisions).toMatchObject([
      { name: "run_command", decision: "allow", by: "rule", reason: "every part only reads" },
      { name: "run_command", decision: "deny", by: "rule" },
    ]);
    // Nobody was asked: the allow is the rules' own, the deny final.
    expect(events.filter((event) => event.type === "approval.request")).toEqual([]);
    const results = events.filter((event) => event.type === "tool.result");
    expect(results.map((event) => event.isError)).toEqual([false, true]);
    expect(String(results[0]!.content)).toMatch(/^exit code: 0\nstdout:\n\s*3\n/);
    // The checkpoint hook proved the read read-only with the same policy, so took no snapshot
    // for it; the rm, not provably read-only, had one taken before it was judged.
    const types = events.map((event) => event.type);
    expect(types.filter((type) => type === "checkpoint.created")).toHaveLength(1);
    expect(types.indexOf("checkpoint.created")).toBeGreaterThan(types.indexOf("tool.result"));
    expect(existsSync(parserCache(box.home))).toBe(true);
  });
});
