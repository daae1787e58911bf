// `mini-agent sessions` list / delete / prune and `--fork`, run as real processes over real
// session files.
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { CLI, makeSandbox, runCli, type Sandbox } from "../helpers/run-cli.js";
import { recordedRequests, sessionFiles } from "../helpers/session-files.js";

async function session(box: Sandbox, prompt: string, extra: string[] = [], cwd = box.workspace): Promise<void> {
  const env = { FAKE_LLM: box.script({ turns: [{ text: `answer to ${prompt}` }] }), MINI_AGENT_HOME: box.home };
  const run = await runCli(["-p", prompt, ...extra], { cwd, env });
  expect(run.code, run.stderr).toBe(0);
}

function sessions(box: Sandbox, args: string[], cwd = box.workspace) {
  return runCli(["sessions", ...args], { cwd, env: { MINI_AGENT_HOME: box.home } });
}

interface Listed {
  id: string;
  title: string;
  turns: number;
  bytes: number;
  model: string;
  cwd: string;
  lastActivity: string;
}

async function listed(box: Sandbox, args: string[] = [], cwd = box.workspace): Promise<Listed[]> {
  const run = await sessions(box, ["--json", ...args], cwd);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Listed[];
}

function fileOf(box: Sandbox, id: string): string {
  const file = sessionFiles(box.home).find((candidate) => path.basename(candidate) === `${id}.jsonl`);
  if (!file) throw new Error(`no file for ${id}`);
  return file;
}

/** Sets a session file's last-write time `days` ago. */
function age(file: string, days: number): void {
  const then = new Date(Date.now() - days * 24 * 3600_000);
  utimesSync(file, then, then);
}

describe("mini-agent sessions", () => {
  it("shows a model name with a line break (a project may set one) escaped, one row per session", async () => {
    const box = makeSandbox();
    await session(box, "hello");
    // The model name as a provider (or a project's "model") could have given it.
    const file = sessionFiles(box.home)[0]!;
    writeFileSync(file, readFileSync(file, "utf8").replaceAll('"fake-scripted"', JSON.stringify("gpt-5\nforged-row  \u202eevil")));
    const run = await sessions(box, []);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("gpt-5\\nforged-row  \\u{202e}evil");
  });

  it("lists this workspace's sessions newest first with title, turns, size and model", async () => {
    const box = makeSandbox();
    await session(box, "first   task\nwith two lines");
    await session(box, "second task");
    await session(box, "a follow-up", ["-c"]);
    const [newest, older] = await listed(box);
    expect(newest).toMatchObject({ title: "second task", turns: 2, model: "fake-scripted" });
    expect(older).toMatchObject({ title: "first task with two lines", turns: 1, model: "fake-scripted" });
    expect(newest!.bytes).toBe(readFileSync(fileOf(box, newest!.id)).length);

    const table = await sessions(box, []);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^ID\s+AGE\s+TURNS\s+SIZE\s+MODEL\s+TITLE$/);
    expect(lines[1]).toContain(newest!.id);
    expect(lines[1]).toMatch(/\s2\s.*fake-scripted\s+second task$/);
    expect(lines[2]).toMatch(/first task with two lines$/);
  });

  it("keeps the listing true as a session grows, is cut back, or is damaged", async () => {
    const box = makeSandbox();
    await session(box, "grow me");
    const [before] = await listed(box);
    await session(box, "more", ["-c"]);
    expect((await listed(box))[0]).toMatchObject({ id: before!.id, turns: 2, title: "grow me" });
    // A torn tail that a resume then cuts off: the file shrinks below what was scanned.
    const file = fileOf(box, before!.id);
    appendFileSync(file, '{"type":"turn.started","prompt":"torn');
    expect((await listed(box))[0]!.turns).toBe(2);
    await session(box, "third", ["-c"]);
    expect((await listed(box))[0]).toMatchObject({ turns: 3, bytes: readFileSync(file).length });

    writeFileSync(path.join(path.dirname(file), "20200101T000000-broken.jsonl"), "not a session\n");
    // A newer mini-agent's file, and one whose version is a string: neither resumes.
    const text = readFileSync(file, "utf8");
    writeFileSync(path.join(path.dirname(file), "20200101T000000-future.jsonl"), text.replace(/"version":2/, '"version":3').replace(before!.id, "20200101T000000-future"));
    writeFileSync(path.join(path.dirname(file), "20200101T000000-quoted.jsonl"), text.replace(/"version":2/, '"version":"2"').replace(before!.id, "20200101T000000-quoted"));
    const run = await sessions(box, []);
    expect(run.stdout).toMatch(/20200101T000000-broken .*\(damaged: the first line is not a session header\)/);
    expect(run.stdout).toMatch(/20200101T000000-future .*\(damaged: unsupported version 3 \(this mini-agent reads 1 to 2\)\)/);
    expect(run.stdout).toContain('20200101T000000-quoted');
    expect(run.stdout).toContain('(damaged: the first line is not a session header (version: expected a whole number, got "2"))');
    expect(run.stdout).not.toMatch(new RegExp(`^${before!.id} .*damaged`, "m"));
  });

  it("the listing and a resume agree: what is listed damaged is refused with the same words, and a copied file is neither", async () => {
    const box = makeSandbox();
    await session(box, "original");
    const [original] = await listed(box);
    const file = fileOf(box, original!.id);
    const text = readFileSync(file, "utf8");
    // A copy keeps the header naming the original: its history is whole, so it resumes, saying so.
    const copy = path.join(path.dirname(file), "20200101T000000-copied.jsonl");
    writeFileSync(copy, text);
    const copied = (await listed(box)).find((entry) => entry.id === "20200101T000000-copied");
    expect(copied).toMatchObject({ title: "original", turns: 1 });
    expect(copied).not.toHaveProperty("damaged");
    const env = { FAKE_LLM: box.script({ turns: [{ text: "went on" }] }), MINI_AGENT_HOME: box.home };
    const resumed = await runCli(["-p", "go on", "-r", "20200101T000000-copied"], { cwd: box.workspace, env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`${copy}: its header names session "${original!.id}", not 20200101T000000-copied (a copied or renamed file?); resumed as 20200101T000000-copied`);
    expect((await listed(box)).find((entry) => entry.id === "20200101T000000-copied")).toMatchObject({ turns: 2 });
    expect(readFileSync(file, "utf8")).toBe(text);

    // A string version: the listing's "damaged" and the resume's refusal give the same reason.
    const quoted = path.join(path.dirname(file), "20200101T000000-quoted.jsonl");
    const before = text.replace(/"version":2/, '"version":"2"');
    writeFileSync(quoted, before);
    const damaged = (await listed(box)).find((entry) => entry.id === "20200101T000000-quoted") as Listed & { damaged?: string };
    expect(damaged.damaged).toBe('the first line is not a session header (version: expected a whole number, got "2")');
    const refused = await runCli(["-p", "go on", "-r", "20200101T000000-quoted"], { cwd: box.workspace, env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${quoted}: first line is not a session header (version: expected a whole number, got "2")`);
    expect(refused.stderr).not.toContain("is not supported");
    expect(readFileSync(quoted, "utf8")).toBe(before);
  });

  it("counts only the main agent's turns and model, not a subagent's", async () => {
    const box = makeSandbox();
    const script = box.script({
      turns: [
        { text: "delegating", tool_calls: [{ name: "task", arguments: { description: "look around", prompt: "SUBAGENT PROMPT: list files" } }] },
        { text: "sub done" },
        { text: "main done" },
      ],
    });
    const run = await runCli(["-p", "main task", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
    expect(run.code, run.stderr).toBe(0);
    const [only] = await listed(box);
    // The file does hold the subagent's turn (agentId set); the listing leaves it out.
    expect(readFileSync(fileOf(box, only!.id), "utf8")).toMatch(/"agentId":"[^"]+"[^\n]*"type":"turn.started"|"type":"turn.started"[^\n]*"agentId"/);
    expect(only).toMatchObject({ title: "main task", turns: 1, model: "fake-scripted" });
  });

  it("--all lists every workspace, naming each", async () => {
    const box = makeSandbox();
    const other = path.join(box.workspace, "..", "other-ws");
    mkdirSync(other);
    await session(box, "here");
    await session(box, "there", [], other);
    expect((await listed(box)).map((s) => s.title)).toEqual(["here"]);
    const all = await listed(box, ["--all"]);
    expect(all.map((s) => [s.title, s.cwd])).toEqual([
      ["there", other],
      ["here", box.workspace],
    ]);
    expect((await sessions(box, ["--all"])).stdout).toMatch(/^ID\s+AGE\s+TURNS\s+SIZE\s+MODEL\s+WORKSPACE\s+TITLE$/m);
  });

  it("says so when there are none, and rejects unknown commands and flags with exit 2", async () => {
    const box = makeSandbox();
    const none = await sessions(box, []);
    expect(none.code).toBe(0);
    expect(none.stdout).toMatch(/^no sessions for this workspace/);
    expect(await listed(box)).toEqual([]);
    const bad = await sessions(box, ["frobnicate"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown sessions command "frobnicate"/);
    const flag = await sessions(box, ["--frob"]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/--frob/);
  });

  it("delete asks first: without a terminal and --yes it exits 2 and keeps the session", async () => {
    const box = makeSandbox();
    await session(box, "keep me");
    const [only] = await listed(box);
    const refused = await sessions(box, ["delete", only!.id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/no terminal to ask on; pass --yes/);
    expect(existsSync(fileOf(box, only!.id))).toBe(true);

    const file = fileOf(box, only!.id);
    mkdirSync(path.join(path.dirname(file), only!.id, "tasks"), { recursive: true });
    const done = await sessions(box, ["delete", only!.id, "--yes"]);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toBe(`deleted ${only!.id}\n`);
    // The file, its listing cache, its side folder and its lock are all gone; the workspace's prompt history stays.
    expect(readdirSync(path.dirname(file))).toEqual(["prompt-history"]);

    const again = await sessions(box, ["delete", only!.id, "--yes"]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(new RegExp(`no session "${only!.id}" for this workspace`));
    expect((await sessions(box, ["delete", "../etc", "--yes"])).stderr).toMatch(/invalid session id/);
  });

  const scriptAvailable = process.platform === "linux" && spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0;
  it.skipIf(!scriptAvailable)("delete at a terminal asks y/N on a real pty: n keeps the session, y deletes it", async () => {
    const box = makeSandbox();
    await session(box, "ask me");
    const [only] = await listed(box);
    // util-linux `script` gives the command a pseudo-terminal and types our input into it.
    const atTerminal = (answer: string) =>
      spawnSync("script", ["-qfec", `"${process.execPath}" "${CLI}" sessions delete ${only!.id}`, "/dev/null"], {
        cwd: box.workspace,
        env: { PATH: process.env.PATH, HOME: box.home, MINI_AGENT_HOME: box.home, TERM: "xterm-256color" },
        encoding: "utf8",
        input: answer,
        timeout: 20_000,
      });
    const kept = atTerminal("n\n");
    expect(kept.stdout).toMatch(/\[y\/N\]/);
    expect(existsSync(fileOf(box, only!.id))).toBe(true);
    const gone = atTerminal("y\n");
    expect(gone.status, gone.stdout).toBe(0);
    expect(gone.stdout).toContain(`deleted ${only!.id}`);
    expect(sessionFiles(box.home).some((file) => path.basename(file) === `${only!.id}.jsonl`)).toBe(false);
  });

  it("delete refuses a session a running mini-agent holds", async () => {
    const box = makeSandbox();
    await session(box, "busy");
    const [only] = await listed(box);
    const file = fileOf(box, only!.id);
    // This test process is alive and started before the lock: a live holder.
    writeFileSync(file.replace(/\.jsonl$/, ".lock"), JSON.stringify({ pid: process.pid, host: os.hostname(), since: Date.now() }));
    const run = await sessions(box, ["delete", only!.id, "--yes"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/is in use by another mini-agent/);
    expect(existsSync(file)).toBe(true);
  });

  it("prune --older-than deletes only sessions idle for longer, and asks first", async () => {
    const box = makeSandbox();
    await session(box, "ancient");
    await session(box, "recent");
    const [recent, ancient] = await listed(box);
    age(fileOf(box, ancient!.id), 45);
    age(fileOf(box, recent!.id), 2);

    const refused = await sessions(box, ["prune", "--older-than", "30d"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/prune asks before deleting/);

    const run = await sessions(box, ["prune", "--older-than", "30d", "--yes"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("deleted 1 session\n");
    expect((await listed(box)).map((s) => s.title)).toEqual(["recent"]);
    expect((await sessions(box, ["prune", "--older-than", "30d", "--yes"])).stdout).toBe("no sessions to prune\n");

    for (const bad of [[], ["--older-than", "30"], ["--older-than", "0d"], ["--older-than", "soon"]]) {
      const usage = await sessions(box, ["prune", ...bad, "--yes"]);
      expect(usage.code, bad.join(" ")).toBe(2);
      expect(usage.stderr).toMatch(/--older-than/);
    }
  });
});

describe("--fork", () => {
  it("starts a new session from a copy of another's finished turns; the original is untouched", async () => {
    const box = makeSandbox();
    await session(box, "original task");
    const [original] = await listed(box);
    const file = fileOf(box, original!.id);
    // An unfinished turn at the end (a run that died mid-turn) is not part of the fork.
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    const lastSeq = (JSON.parse(lines.at(-1)!) as { seq: number }).seq;
    appendFileSync(file, `${JSON.stringify({ turnId: "x", prompt: "half done", type: "turn.started", seq: lastSeq + 1, ts: new Date().toISOString() })}\n`);
    const before = readFileSync(file);

    const record = path.join(box.home, "requests.jsonl");
    const env = { FAKE_LLM: box.script({ turns: [{ text: "forked answer" }] }), MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record };
    const run = await runCli(["-p", "in the fork", "--fork", original!.id], { cwd: box.workspace, env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("forked answer\n");
    expect(recordedRequests(record)[0]!.messages).toEqual([
      { role: "user", content: "original task" },
      { role: "assistant", text: "answer to original task", toolCalls: [] },
      { role: "user", content: "in the fork" },
    ]);
    expect(readFileSync(file).equals(before)).toBe(true);

    const all = await listed(box);
    expect(all).toHaveLength(2);
    const fork = all.find((s) => s.id !== original!.id)!;
    expect(fork).toMatchObject({ title: "original task", turns: 2 });
    const header = JSON.parse(readFileSync(fileOf(box, fork.id), "utf8").split("\n")[0]!) as Record<string, unknown>;
    expect(header).toMatchObject({ sessionId: fork.id, forkedFrom: original!.id });
  });

  it("-r / --fork of another workspace's session names that workspace (exit 2), -c from a subfolder points up, and neither leaves a folder", async () => {
    const box = makeSandbox();
    await session(box, "in the project");
    const id = (await listed(box))[0]!.id;
    const sub = path.join(box.workspace, "sub");
    mkdirSync(sub);
    const folders = () => readdirSync(path.join(box.home, "sessions")).sort();
    const before = folders();
    const env = { FAKE_LLM: "1", MINI_AGENT_HOME: box.home };
    for (const flag of ["-r", "--fork"]) {
      const run = await runCli(["-p", "go on", flag, id], { cwd: sub, env });
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain(`session "${id}" belongs to the workspace ${box.workspace}, not this one (${sub}); run mini-agent there`);
    }
    const missing = await runCli(["-p", "go on", "-r", "20200101T000000-nope00"], { cwd: sub, env });
    expect(missing.stderr).toMatch(/no session "20200101T000000-nope00" for this workspace/);
    const cont = await runCli(["-p", "go on", "-c"], { cwd: sub, env });
    expect(cont.code).toBe(2);
    expect(cont.stderr).toContain(`no earlier session to continue for this workspace`);
    expect(cont.stderr).toContain(`${box.workspace} has sessions: run mini-agent -c there`);
    expect(folders()).toEqual(before);
  });

  it("refuses to fork a session with no finished turn (exit 2), creating nothing", async () => {
    const box = makeSandbox();
    await session(box, "finished");
    const source = fileOf(box, (await listed(box))[0]!.id);
    // A run killed during its first turn: header, session.started, turn.started, nothing after.
    const id = "20200101T000000-unfini";
    const [header, started, turn] = readFileSync(source, "utf8").split("\n");
    expect(turn).toContain('"type":"turn.started"');
    writeFileSync(path.join(path.dirname(source), `${id}.jsonl`), `${header!.replace(/"sessionId":"[^"]+"/, `"sessionId":"${id}"`)}\n${started}\n${turn}\n`);
    const before = sessionFiles(box.home).sort();
    const run = await runCli(["-p", "x", "--fork", id], { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home } });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`session ${id} has no finished turn to fork`);
    expect(sessionFiles(box.home).sort()).toEqual(before);
  });

  it("names a missing session and rejects --fork with another session flag", async () => {
    const box = makeSandbox();
    const env = { FAKE_LLM: "1", MINI_AGENT_HOME: box.home };
    const missing = await runCli(["-p", "x", "--fork", "20200101T000000-nope00"], { cwd: box.workspace, env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no session "20200101T000000-nope00" for this workspace/);
    const both = await runCli(["-p", "x", "--fork", "a", "-c"], { cwd: box.workspace, env });
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--continue and --fork cannot be used together/);
  });
});
