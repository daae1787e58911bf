// What an "always" answered through `mini-agent rpc` lets run later, end to end: the built CLI,
// a scripted model, a real git repository. A person who allowed `git branch feat` always has
// not allowed `git branch -D precious`; one who allowed `node --check ok.js` always has not allowed
// `node -r ./evil.js`; one who allowed `npm test` always is not asked again for
// `npm test 2>&1 | tail -5`, but is for `npm test --script-shell=./evil.sh`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startRpc, stoppedAfterEach, type RpcEvent } from "../helpers/rpc-client.js";
import { makeSandbox } from "../helpers/run-cli.js";

const { clients } = stoppedAfterEach();

const git = (cwd: string, ...args: string[]) => {
  const run = spawnSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" } });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
  return run.stdout;
};

/** Each command, in order: what the person answers if asked ("always" or "deny"). */
const PLAN: [command: string, answer: "always" | "deny"][] = [
  ["git branch feat", "always"],
  ["git branch other", "deny"],
  ["git branch -D precious", "deny"],
  ["node --check ok.js", "always"],
  ["node -r ./evil.js -e 0", "deny"],
  ["npm test", "always"],
  ["npm test 2>&1 | tail -5", "deny"],
  ["npm test --script-shell=./evil.sh", "deny"],
];

describe("mini-agent rpc: what an \"always\" covers", () => {
  it("the same command and its harmless plumbing, never an option or a destructive form nobody saw", async () => {
    const box = makeSandbox();
    const ws = box.workspace;
    const userHome = path.join(box.home, "..", "user-home");
    mkdirSync(userHome);
    writeFileSync(path.join(ws, "package.json"), JSON.stringify({ name: "p", scripts: { test: "echo TESTS-RAN" } }));
    writeFileSync(path.join(ws, "evil.js"), "require('fs').writeFileSync('evil-ran.txt', '')\n");
    writeFileSync(path.join(ws, "ok.js"), "module.exports = 1;\n");
    writeFileSync(path.join(ws, "evil.sh"), "#!/bin/sh\ntouch evil-sh-ran.txt\n", { mode: 0o755 });
    git(ws, "init", "-q", "-b", "main");
    git(ws, "add", ".");
    git(ws, "commit", "-q", "-m", "one");
    git(ws, "checkout", "-q", "-b", "precious");
    git(ws, "commit", "-q", "--allow-empty", "-m", "unmerged work");
    git(ws, "checkout", "-q", "main");

    const script = box.script({ turns: PLAN.map(([command]) => ({ tool_calls: [{ name: "run_command", arguments: { command } }] })), after: { text: "done" } });
    const rpc = startRpc(["--no-sandbox"], { cwd: ws, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home, HOME: userHome, GIT_CONFIG_GLOBAL: "/dev/null" } });
    clients.push(rpc);
    rpc.send({ id: "s", op: "submit", text: "go" });

    // Answer each question by the command it is about, until the turn ends.
    const commands = new Map<string, string>();
    let seen = 0;
    for (;;) {
      const wanted = (e: RpcEvent) => e.type === "approval.request" || e.type === "turn.ended";
      await rpc.waitForEvent(wanted, "a question or the turn's end", seen);
      const all = rpc.events();
      seen = all.findIndex((e, index) => index >= seen && wanted(e));
      const event = all[seen]!;
      seen += 1;
      if (event.type === "turn.ended") break;
      for (const message of rpc.events().filter((e) => e.type === "assistant.message")) {
        for (const call of (message.toolCalls ?? []) as { callId: string; arguments: string }[]) commands.set(call.callId, JSON.parse(call.arguments).command);
      }
      const command = commands.get(event.callId as string)!;
      const answer = PLAN.find(([planned]) => planned === command)![1];
      rpc.send({ id: `a${seen}`, op: "answerApproval", requestId: event.id, decision: answer });
    }

    const decisions = rpc.events().filter((e): e is RpcEvent => e.type === "approval.decision");
    const byCommand = decisions.map((d) => [commands.get(d.callId as string) ?? `(unknown ${String(d.callId)})`, d.by, d.decision]);
    expect(byCommand).toEqual([
      ["git branch feat", "user", "allow"],
      ["git branch other", "memory", "allow"],
      ["git branch -D precious", "user", "deny"],
      ["node --check ok.js", "user", "allow"],
      ["node -r ./evil.js -e 0", "user", "deny"],
      ["npm test", "user", "allow"],
      ["npm test 2>&1 | tail -5", "memory", "allow"],
      ["npm test --script-shell=./evil.sh", "user", "deny"],
    ]);
    // The scopes offered say what each "always" covers.
    const scopes = rpc.events().filter((e) => e.type === "approval.request").map((e) => [commands.get(e.callId as string), e.scope]);
    expect(scopes).toContainEqual(["git branch feat", "run_command: git branch"]);
    expect(scopes).toContainEqual(["git branch -D precious", "run_command: git branch -D"]);
    expect(scopes).toContainEqual(["node --check ok.js", "run_command: node --check ok.js"]);

    // What crossed the boundary: the branches git holds, the files nothing evil wrote, the test output.
    expect(git(ws, "branch", "--format=%(refname:short)").split("\n").filter(Boolean).sort()).toEqual(["feat", "main", "other", "precious"]);
    expect(existsSync(path.join(ws, "evil-ran.txt")) || existsSync(path.join(ws, "evil-sh-ran.txt"))).toBe(false);
    const piped = rpc.events().find((e) => e.type === "tool.result" && commands.get(e.callId as string) === "npm test 2>&1 | tail -5");
    expect(String(piped?.content)).toContain("TESTS-RAN");

    rpc.send({ id: "bye", op: "shutdown" });
    expect(await rpc.exit()).toEqual({ code: 0, signal: null });
  });
});
