import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync, appendFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FakeProvider } from "../../src/engine/llm/fake/fake.js";
import { MAX_ENTRY_CHARS, MAX_READ_BYTES, PromptHistory } from "../../src/engine/session/prompt-history.js";
import { createRedactor, REDACTED } from "../../src/engine/secrets/redact.js";
import { startEngine } from "../helpers/engine.js";

function dirs() {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "prompt-history-")));
  const cwd = path.join(base, "ws");
  mkdirSync(cwd);
  return { base, cwd, home: path.join(base, "home") };
}

describe("prompt history", () => {
  it("survives restarts and new sessions in the workspace, newest last, without repeats", async () => {
    const { cwd, home } = dirs();
    const first = startEngine({ home, cwd, provider: new FakeProvider({ turns: [] }) });
    expect(first.engine.promptHistory()).toEqual([]);
    for (const prompt of ["fix the\nparser", "run the tests", "run the tests"]) {
      first.engine.submit(prompt);
      await first.engine.idle();
    }
    await first.engine.shutdown();

    const second = startEngine({ home, cwd, provider: new FakeProvider({ turns: [] }) });
    expect(second.engine.sessionId).not.toBe(first.engine.sessionId);
    expect(second.engine.promptHistory()).toEqual(["fix the\nparser", "run the tests"]);
    second.engine.submit("commit it");
    await second.engine.idle();
    expect(second.engine.promptHistory()).toEqual(["fix the\nparser", "run the tests", "commit it"]);
    await second.engine.shutdown();

    // Another workspace has its own history.
    const other = path.join(cwd, "..", "other");
    mkdirSync(other);
    const third = startEngine({ home, cwd: other, provider: new FakeProvider({ turns: [] }) });
    expect(third.engine.promptHistory()).toEqual([]);
    await third.engine.shutdown();
  });

  it("keeps the newest entries, skips a torn line, and trims the file now and then", () => {
    const { base } = dirs();
    const file = path.join(base, "history");
    writeFileSync(file, `${JSON.stringify("old one")}\n{"torn\n${JSON.stringify("kept")}\n`);
    const history = new PromptHistory(file, 3);
    expect(history.load()).toEqual(["old one", "kept"]);
    for (let i = 0; i < 6; i += 1) history.add(`p${i}`);
    expect(history.load()).toEqual(["p3", "p4", "p5"]);
    // Trimmed once past twice the limit: the file holds at most 2 × 3 entries.
    expect(readFileSync(file, "utf8").trim().split("\n").length).toBeLessThanOrEqual(6);
    appendFileSync(file, '"half');
    expect(new PromptHistory(file, 3).load()).toEqual(["p3", "p4", "p5"]);
  });

  it("is stored redacted: a key shape, a known value, a DSN password, a netrc line typed into a prompt", async () => {
    const { cwd, home } = dirs();
    const known = "known-prompt-secret-42";
    const prompts = [
      "use ghp_abcdefghijklmnopqrstuvwxyz0123456789 to push",
      `the deploy key is ${known}`,
      "connect with postgres://app:db-prompt-pass@db/app",
      "machine api.example.com login ada password netrc-prompt-pass",
    ];
    const run = startEngine({ home, cwd, provider: new FakeProvider({ turns: [] }), secrets: [known] });
    for (const prompt of prompts) {
      run.engine.submit(prompt);
      await run.engine.idle();
    }
    const shown = run.engine.promptHistory();
    await run.engine.shutdown();
    const onDisk = readFileSync(path.join(home, "sessions", readdirSync(path.join(home, "sessions"))[0]!, "prompt-history"), "utf8");
    for (const text of [onDisk, JSON.stringify(shown)]) {
      for (const secret of ["ghp_abcdef", known, "db-prompt-pass", "netrc-prompt-pass"]) expect(text).not.toContain(secret);
      expect(text.split(REDACTED)).toHaveLength(prompts.length + 1);
    }
    expect(shown[0]).toBe(`use ${REDACTED} to push`);
  });

  it("keeps the start of a huge prompt and a note of its length, so the file stays small", () => {
    const { base } = dirs();
    const file = path.join(base, "history");
    const huge = `${"log line\n".repeat(MAX_ENTRY_CHARS / 9)}${"x".repeat(5 * 1024 * 1024)}`;
    new PromptHistory(file).add(huge);
    expect(statSync(file).size).toBeLessThan(MAX_ENTRY_CHARS * 2);
    const before = readFileSync(file, "utf8");
    const [entry] = new PromptHistory(file).load();
    const note = /\n\[prompt history: cut here; the prompt was (\d+) characters, the history keeps the first (\d+)\]$/.exec(entry!);
    expect(note?.[1]).toBe(String(huge.length));
    const kept = Number(note?.[2]);
    expect(entry!.length).toBeLessThanOrEqual(MAX_ENTRY_CHARS);
    expect(entry!.slice(0, kept)).toBe(huge.slice(0, kept));
    // Read back, a cut entry is kept as it is: the file is not rewritten.
    expect(readFileSync(file, "utf8")).toBe(before);
    // Never half a surrogate pair at the cut.
    const emoji = "😀".repeat(MAX_ENTRY_CHARS);
    new PromptHistory(file).add(emoji);
    const cut = new PromptHistory(file).load()[1]!;
    const at = cut.indexOf("\n[prompt history");
    expect(cut.slice(0, at)).toBe(emoji.slice(0, at));
    expect(at % 2).toBe(0);
  });

  it("reads only the file's end: an old huge entry is left out and the file rewritten without it", () => {
    const { base } = dirs();
    const file = path.join(base, "history");
    // Written by a version that kept prompts whole.
    writeFileSync(file, `${JSON.stringify("first")}\n${JSON.stringify("y".repeat(MAX_READ_BYTES * 2))}\n${JSON.stringify("after it")}\n${JSON.stringify("newest")}\n`);
    expect(new PromptHistory(file).load()).toEqual(["after it", "newest"]);
    expect(readFileSync(file, "utf8")).toBe(`${JSON.stringify("after it")}\n${JSON.stringify("newest")}\n`);
  });

  it("rewrites a history written in clear before, on its first load", () => {
    const { base } = dirs();
    const file = path.join(base, "history");
    writeFileSync(file, `${JSON.stringify("plain prompt")}\n${JSON.stringify("key sk-ant-abcdefghijklmnopqrstuvwxyz012345")}\n`);
    const history = new PromptHistory(file, 10, createRedactor([]));
    expect(history.load()).toEqual(["plain prompt", `key ${REDACTED}`]);
    expect(readFileSync(file, "utf8")).toBe(`${JSON.stringify("plain prompt")}\n${JSON.stringify(`key ${REDACTED}`)}\n`);
  });
});
