// Nothing lost (issue 11, item 4): a scripted turn deletes an uncommitted file and throws
// away an uncommitted change with `git checkout -- tracked.txt`; `mini-agent undo` brings
// both back, lists what it changes, and can itself be undone. The user's .git is untouched.
import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd, encoding: "utf8", env: { PATH: process.env.PATH ?? "", HOME: cwd } });

describe("mini-agent undo", () => {
  it.skipIf(process.platform === "win32")("restores a deleted uncommitted file and a change lost to git checkout --", async () => {
    const box = makeSandbox();
    const ws = box.workspace;
    git(ws, "init", "-q");
    writeFileSync(path.join(ws, "tracked.txt"), "committed\n");
    writeFileSync(path.join(ws, ".gitignore"), "build/\n");
    git(ws, "add", ".");
    git(ws, "commit", "-qm", "init");
    const head = git(ws, "rev-parse", "HEAD").trim();
    writeFileSync(path.join(ws, "tracked.txt"), "committed\nuncommitted work\n");
    writeFileSync(path.join(ws, "notes.txt"), "never committed\n");

    // The policy refuses `git checkout --` itself; a script hides it, as a model could.
    const script = box.script({
      turns: [
        {
          tool_calls: [
            { name: "run_command", arguments: { command: "rm notes.txt" } },
            { name: "write_file", arguments: { path: "revert.sh", content: "git checkout -- tracked.txt\n" } },
            { name: "run_command", arguments: { command: "bash revert.sh" } },
          ],
        },
        { text: "done" },
      ],
    });
    const env = { FAKE_LLM: script, MINI_AGENT_HOME: box.home };
    // Unconfined: under the sandbox .git is read-only and git checkout could not have lost anything.
    const turn = await runCli(["-p", "clean up", "--yes", "--no-sandbox"], { cwd: ws, env });
    expect(turn.code, turn.stderr).toBe(0);
    expect(existsSync(path.join(ws, "notes.txt"))).toBe(false);
    expect(readFileSync(path.join(ws, "tracked.txt"), "utf8")).toBe("committed\n");
    const checkpoints = eventLines(onlySessionFile(box.home)).filter((event) => event.type === "checkpoint.created");
    expect(checkpoints).toHaveLength(1);
    expect(checkpoints[0]).toMatchObject({ reason: "turn", files: 3 });

    const undone = await runCli(["undo"], { cwd: ws, env: { MINI_AGENT_HOME: box.home } });
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stdout).toContain("restored the workspace to before turn 1");
    expect(undone.stdout).toMatch(/restore\tnotes\.txt/);
    expect(undone.stdout).toMatch(/rewrite\ttracked\.txt/);
    expect(undone.stdout).toMatch(/delete\trevert\.sh/);
    expect(readFileSync(path.join(ws, "notes.txt"), "utf8")).toBe("never committed\n");
    expect(readFileSync(path.join(ws, "tracked.txt"), "utf8")).toBe("committed\nuncommitted work\n");
    expect(existsSync(path.join(ws, "revert.sh"))).toBe(false);
    // The user's repository: same HEAD, the change shows as uncommitted again, no stash made.
    expect(git(ws, "rev-parse", "HEAD").trim()).toBe(head);
    expect(git(ws, "status", "--porcelain")).toBe(" M tracked.txt\n?? notes.txt\n");
    expect(git(ws, "stash", "list")).toBe("");
    // The conversation still shows the model's commands; the next request says what changed under it.
    const record = path.join(box.home, "after-undo.jsonl");
    const next = await runCli(["-p", "go on", "-c"], { cwd: ws, env: { FAKE_LLM: box.script({ turns: [{ text: "noted" }] }), FAKE_LLM_RECORD: record, MINI_AGENT_HOME: box.home } });
    expect(next.code, next.stderr).toBe(0);
    const system = (JSON.parse(readFileSync(record, "utf8").trim().split("\n")[0]!) as { system: string }).system;
    expect(system).toMatch(/# Workspace restored\n.*checkpoint 1\..*notes\.txt/);
    expect(system).toContain("revert.sh");
    expect(system).toContain("tracked.txt");

    // The undo checkpointed first, so it can be undone.
    const saved = /mini-agent undo --checkpoint (\d+)/.exec(undone.stdout)![1]!;
    const redo = await runCli(["undo", "--checkpoint", saved], { cwd: ws, env: { MINI_AGENT_HOME: box.home } });
    expect(redo.code, redo.stderr).toBe(0);
    expect(existsSync(path.join(ws, "notes.txt"))).toBe(false);
    expect(readFileSync(path.join(ws, "revert.sh"), "utf8")).toBe("git checkout -- tracked.txt\n");
    const list = await runCli(["undo", "--list"], { cwd: ws, env: { MINI_AGENT_HOME: box.home } });
    expect(list.stdout.trim().split("\n").map((line) => line.split("\t").slice(0, 2).join(" "))).toEqual(["1 before turn 1", "2 before an undo", "3 before an undo"]);
  });

  it("says what is wrong, with exit 2: no session, no checkpoint, a bad --to", async () => {
    const box = makeSandbox();
    const env = { MINI_AGENT_HOME: box.home };
    const none = await runCli(["undo"], { cwd: box.workspace, env });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no earlier session/);
    const talk = await runCli(["-p", "hi"], { cwd: box.workspace, env: { ...env, FAKE_LLM: box.script({ turns: [{ text: "hello" }] }) } });
    expect(talk.code, talk.stderr).toBe(0);
    const nothing = await runCli(["undo"], { cwd: box.workspace, env });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain("this session has no checkpoint yet");
    const bad = await runCli(["undo", "--to", "zero"], { cwd: box.workspace, env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('invalid value "zero" for --to');
    const missing = await runCli(["undo", "--to", "7"], { cwd: box.workspace, env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no checkpoint before turn 7");
  });

  it.skipIf(process.platform === "win32")("a restored path now behind a symlink: the link is taken back, nothing is written through it; an ignored link stops the undo, named", async () => {
    const box = makeSandbox();
    const ws = box.workspace;
    const outside = path.join(box.home, "out");
    mkdirSync(path.join(ws, "sub"));
    mkdirSync(outside);
    writeFileSync(path.join(ws, "sub", "f.txt"), "orig\n");
    writeFileSync(path.join(outside, "f.txt"), "OUTSIDE\n");
    const script = box.script({ turns: [{ tool_calls: [{ name: "edit_file", arguments: { path: "sub/f.txt", old_string: "orig", new_string: "changed" } }] }, { text: "ok" }] });
    const env = { MINI_AGENT_HOME: box.home };
    expect((await runCli(["-p", "edit", "--yes"], { cwd: ws, env: { ...env, FAKE_LLM: script } })).code).toBe(0);
    rmSync(path.join(ws, "sub"), { recursive: true });
    symlinkSync(outside, path.join(ws, "sub"));

    // Saved as a link by the undo's own checkpoint, so the link can be taken back like any file.
    writeFileSync(path.join(ws, ".gitignore"), "sub\n");
    const ignored = await runCli(["undo", "--dry-run"], { cwd: ws, env });
    expect(ignored.code).toBe(2);
    expect(ignored.stderr).toBe("mini-agent: cannot restore sub/f.txt: sub is a symbolic link now, and undo never writes through one; nothing was changed. Replace sub with a folder (or remove it), then undo again\n");
    expect((await runCli(["undo"], { cwd: ws, env })).code).toBe(2);
    expect(readFileSync(path.join(outside, "f.txt"), "utf8")).toBe("OUTSIDE\n");
    expect(lstatSync(path.join(ws, "sub")).isSymbolicLink()).toBe(true);

    rmSync(path.join(ws, ".gitignore"));
    const dry = await runCli(["undo", "--dry-run"], { cwd: ws, env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/delete\tsub\n/);
    expect(dry.stdout).toMatch(/restore\tsub\/f\.txt\n/);
    const undone = await runCli(["undo"], { cwd: ws, env });
    expect(undone.code, undone.stderr).toBe(0);
    expect(lstatSync(path.join(ws, "sub")).isDirectory()).toBe(true);
    expect(readFileSync(path.join(ws, "sub", "f.txt"), "utf8")).toBe("orig\n");
    expect(readFileSync(path.join(outside, "f.txt"), "utf8")).toBe("OUTSIDE\n");
  });

  it.skipIf(process.platform === "win32")("prints file names with their terminal escape sequences shown, not acting", async () => {
    const box = makeSandbox();
    const name = "evil\u001b]0;PWNED\u0007\u001b[2J\u009b31mname.txt";
    const script = box.script({ turns: [{ tool_calls: [{ name: "write_file", arguments: { path: name, content: "x" } }] }, { text: "ok" }] });
    const env = { MINI_AGENT_HOME: box.home };
    expect((await runCli(["-p", "write", "--yes"], { cwd: box.workspace, env: { ...env, FAKE_LLM: script } })).code).toBe(0);
    expect(existsSync(path.join(box.workspace, name))).toBe(true);
    const list = await runCli(["undo", "--list"], { cwd: box.workspace, env });
    const dry = await runCli(["undo", "--dry-run"], { cwd: box.workspace, env });
    const undone = await runCli(["undo"], { cwd: box.workspace, env });
    const shown = "evil␛]0;PWNED␇␛[2J\\x9b31mname.txt";
    expect(list.stdout).toContain(`changed 1: ${shown}\n`);
    expect(dry.stdout).toContain(`  delete\t${shown}\n`);
    expect(undone.stdout).toContain(`  delete\t${shown}\n`);
    for (const out of [list.stdout, dry.stdout, undone.stdout]) expect(out).not.toMatch(/[\u001b\u0007\u009b]/);
    expect(existsSync(path.join(box.workspace, name))).toBe(false);
  });

  it("names the files the tools changed that undo cannot take back because they are ignored", async () => {
    const box = makeSandbox();
    const ws = box.workspace;
    mkdirSync(path.join(ws, "build"));
    writeFileSync(path.join(ws, ".gitignore"), "build/\n");
    writeFileSync(path.join(ws, "build", "local.cfg"), "precious hand-tuned config\n");
    const script = box.script({ turns: [{ tool_calls: [{ name: "write_file", arguments: { path: "build/local.cfg", content: "overwritten\n" } }] }, { text: "ok" }] });
    const env = { MINI_AGENT_HOME: box.home };
    expect((await runCli(["-p", "write", "--yes"], { cwd: ws, env: { ...env, FAKE_LLM: script } })).code).toBe(0);
    const undone = await runCli(["undo"], { cwd: ws, env });
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stdout).toBe(
      "nothing undo can restore: the files checkpoints save already match the checkpoint before turn 1 (checkpoint 1)\n" +
        "  not undone\tbuild/local.cfg\t(ignored, so not tracked by undo: no checkpoint saved it)\n",
    );
    expect(readFileSync(path.join(ws, "build", "local.cfg"), "utf8")).toBe("overwritten\n");
  });
});
