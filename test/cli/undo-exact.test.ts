// Undo restores exactly what it saved (issue 21, item 5; ADR 0036), through the real CLI: a
// scripted turn changes bits, bytes under a `.gitattributes`, a symlink, nested repositories
// and the `.gitignore`; `mini-agent undo` puts every byte and bit back and deletes none of the
// user's ignored files. A turn that changed nothing is passed over (issue 25), and a checkpoint
// that cannot be taken, or a path it cannot save, is said before the turn's first write runs.
import { readFileSync, existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeTree, makeOddWorkspace } from "../helpers/odd-workspace.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";

const posix = process.platform !== "win32";

const TURN = [
  "chmod 644 secret.key && chmod 755 group && chmod 666 group/shared.txt",
  "printf 'now text' > image.bin && printf '$Id: expanded $\\n' > version.id && rm run.sh",
  "rm key-link && ln -s run.sh key-link",
  "printf 'rewritten\\n' > vendor/lib/lib.txt && rm vendor/lib/untracked.txt scratch/draft.md",
  "mkdir -p made/by && echo new > made/by/turn.txt && echo log > debug.log",
].join(" && ");

describe("mini-agent undo restores exactly", () => {
  it.skipIf(!posix)("bits, bytes under .gitattributes, a symlink, nested repositories; ignored files kept after a .gitignore edit", async () => {
    const box = makeSandbox();
    const ws = box.workspace;
    makeOddWorkspace(ws);
    const before = describeTree(ws);
    const script = box.script({
      turns: [
        {
          tool_calls: [
            { name: "write_file", arguments: { path: "crlf.txt", content: "first\nsecond\n" } },
            { name: "edit_file", arguments: { path: ".gitignore", old_string: ".env\nbuild/\n*.log\n", new_string: "# nothing is ignored now\n" } },
            { name: "run_command", arguments: { command: TURN } },
          ],
        },
        { text: "done" },
      ],
    });
    const env = { FAKE_LLM: script, MINI_AGENT_HOME: box.home };
    const turn = await runCli(["-p", "change everything", "--yes", "--no-sandbox"], { cwd: ws, env });
    expect(turn.code, turn.stderr).toBe(0);
    // The one path git refuses is named before the turn ran; the rest was saved.
    expect(turn.stderr).toContain("could not save 1 path, so");
    expect(turn.stderr).toContain("weird/git~1");
    const events = eventLines(onlySessionFile(box.home));
    const types = events.map((event) => event.type);
    expect(types.indexOf("checkpoint.created")).toBeLessThan(types.indexOf("tool.result"));
    expect(readFileSync(path.join(ws, "crlf.txt"), "utf8")).toBe("first\nsecond\n");
    expect(describeTree(ws)).not.toEqual(before);

    const undone = await runCli(["undo"], { cwd: ws, env: { MINI_AGENT_HOME: box.home } });
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stdout).toContain("restored the workspace to before turn 1");
    expect(undone.stdout).toMatch(/delete\tdebug\.log/);
    expect(undone.stdout).toMatch(/rewrite\tsecret\.key/);
    expect(undone.stdout).toMatch(/keep\t\.env\t/);
    expect(undone.stdout).toMatch(/keep\tbuild\/out\.o\t/);
    // Every byte, bit, link and folder as it was, the user's and the nested repositories' .git included.
    expect(describeTree(ws)).toEqual(before);
  });

  it("passes over a turn that changed nothing, and --list says which turns changed what", async () => {
    const box = makeSandbox();
    const ws = box.workspace;
    writeFileSync(path.join(ws, "notes.txt"), "the user's notes\n");
    writeFileSync(path.join(ws, "greet.sh"), "echo hello\n");
    const env = { MINI_AGENT_HOME: box.home };
    const write = box.script({ turns: [{ tool_calls: [{ name: "write_file", arguments: { path: "notes.txt", content: "the model's notes\n" } }] }, { text: "written" }] });
    const first = await runCli(["-p", "rewrite the notes", "--yes", "--no-sandbox"], { cwd: ws, env: { ...env, FAKE_LLM: write } });
    expect(first.code, first.stderr).toBe(0);
    // `sh greet.sh` could write (the allowlist cannot prove otherwise): a checkpoint, no change.
    const run = box.script({ turns: [{ tool_calls: [{ name: "run_command", arguments: { command: "sh greet.sh" } }] }, { text: "ran" }] });
    const second = await runCli(["-p", "run it", "--yes", "--no-sandbox", "-c"], { cwd: ws, env: { ...env, FAKE_LLM: run } });
    expect(second.code, second.stderr).toBe(0);
    expect(eventLines(onlySessionFile(box.home)).filter((event) => event.type === "checkpoint.created")).toHaveLength(2);

    const list = await runCli(["undo", "--list"], { cwd: ws, env });
    expect(list.code, list.stderr).toBe(0);
    const rows = list.stdout.trim().split("\n").map((line) => line.split("\t"));
    expect(rows.map((row) => [row[1], row[4]])).toEqual([
      ["before turn 1", "changed 1: notes.txt"],
      ["before turn 2", "changed nothing"],
    ]);

    const undone = await runCli(["undo"], { cwd: ws, env });
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stdout).toContain("restored the workspace to before turn 1 (checkpoint 1); 1 file:");
    expect(undone.stdout).toMatch(/rewrite\tnotes\.txt/);
    expect(readFileSync(path.join(ws, "notes.txt"), "utf8")).toBe("the user's notes\n");

    // Both turns are behind the workspace now: nothing is left to undo, and nothing is touched.
    const again = await runCli(["undo"], { cwd: ws, env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("nothing to undo");
    expect(readFileSync(path.join(ws, "notes.txt"), "utf8")).toBe("the user's notes\n");
    expect(eventLines(onlySessionFile(box.home)).filter((event) => event.type === "checkpoint.created")).toHaveLength(3);
  });

  it("a file the turn made ignored and changed comes back, and the undo can itself be undone", async () => {
    const box = makeSandbox();
    const ws = box.workspace;
    writeFileSync(path.join(ws, "config.local"), "the user's settings\n");
    const env = { MINI_AGENT_HOME: box.home };
    const script = box.script({
      turns: [
        {
          tool_calls: [
            { name: "write_file", arguments: { path: ".gitignore", content: "config.local\n" } },
            { name: "write_file", arguments: { path: "config.local", content: "the model's settings\n" } },
          ],
        },
        { text: "done" },
      ],
    });
    const turn = await runCli(["-p", "hide the settings", "--yes"], { cwd: ws, env: { ...env, FAKE_LLM: script } });
    expect(turn.code, turn.stderr).toBe(0);
    const undone = await runCli(["undo"], { cwd: ws, env });
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stdout).toMatch(/rewrite\tconfig\.local/);
    expect(readFileSync(path.join(ws, "config.local"), "utf8")).toBe("the user's settings\n");
    expect(existsSync(path.join(ws, ".gitignore"))).toBe(false);
    // The version the undo overwrote was saved first, though ignored when it was taken.
    const saved = /mini-agent undo --checkpoint (\d+)/.exec(undone.stdout)![1]!;
    const redo = await runCli(["undo", "--checkpoint", saved], { cwd: ws, env });
    expect(redo.code, redo.stderr).toBe(0);
    expect(readFileSync(path.join(ws, "config.local"), "utf8")).toBe("the model's settings\n");
    expect(readFileSync(path.join(ws, ".gitignore"), "utf8")).toBe("config.local\n");
  });

  it("a checkpoint that cannot be taken is said before the turn's first write runs", async () => {
    const box = makeSandbox();
    writeFileSync(path.join(box.workspace, "keep.txt"), "kept\n");
    const script = box.script({ turns: [{ tool_calls: [{ name: "write_file", arguments: { path: "keep.txt", content: "changed\n" } }] }, { text: "wrote" }] });
    // No git on the PATH: no snapshot can be taken.
    const run = await runCli(["-p", "write", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home, PATH: path.join(box.home, "no-such-bin") } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("no checkpoint for this turn, so undo cannot take back what it changes");
    const events = eventLines(onlySessionFile(box.home));
    const notice = events.findIndex((event) => event.type === "notice" && String(event.message).startsWith("no checkpoint for this turn"));
    const result = events.findIndex((event) => event.type === "tool.result");
    expect(notice).toBeGreaterThanOrEqual(0);
    expect(notice).toBeLessThan(result);
    expect(events.some((event) => event.type === "checkpoint.created")).toBe(false);
    expect(existsSync(path.join(box.workspace, "keep.txt"))).toBe(true);
  });
});
