import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync, appendFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FakeProvider } from "../../src/engine/llm/fake/fake.js";
import { PromptHistory } from "../../src/engine/session/prompt-history.js";
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

  it("rewrites a history written in clear before, on its first load", () => {
    const { base } = dirs();
    const file = path.join(base, "history");
    writeFileSync(file, `${JSON.stringify("plain prompt")}\n${JSON.stringify("key sk-ant-abcdefghijklmnopqrstuvwxyz012345")}\n`);
    const history = new PromptHistory(file, 10, createRedactor([]));
    expect(history.load()).toEqual(["plain prompt", `key ${REDACTED}`]);
    expect(readFileSync(file, "utf8")).toBe(`${JSON.stringify("plain prompt")}\n${JSON.stringify(`key ${REDACTED}`)}\n`);
  });
});
