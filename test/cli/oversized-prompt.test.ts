// A prompt larger than any model takes (a big log piped in) is refused before anything starts,
// naming where it came from and the limit: no session file, no request. One under the limit
// is kept whole in the session, however much JSON escaping grows its line.
import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, cliEnv, collect, makeSandbox, type Sandbox } from "../helpers/run-cli.js";
import { startRpc, stoppedAfterEach } from "../helpers/rpc-client.js";
import { eventLines, onlySessionFile, sessionFiles } from "../helpers/session-files.js";

const LIMIT = 8 * 1024 * 1024;
const { clients } = stoppedAfterEach();

/** `cat big.log | mini-agent -p explain`, through a real shell pipe as a user types it. */
function catInto(box: Sandbox, env: Record<string, string>, text: string) {
  const log = path.join(path.dirname(box.home), "big.log");
  writeFileSync(log, text);
  const child = spawn("sh", ["-c", `cat "${log}" | "${process.execPath}" "${CLI}" -p explain`], { cwd: box.workspace, env: cliEnv(env) });
  return collect(child);
}

describe.skipIf(process.platform === "win32")("an oversized prompt", () => {
  it("piped on stdin: exit 2 naming stdin and the limit; no session file, no request", async () => {
    const box = makeSandbox();
    const record = path.join(box.home, "requests.jsonl");
    const env = { FAKE_LLM: box.script({ turns: [{ text: "never" }] }), FAKE_LLM_RECORD: record, MINI_AGENT_HOME: box.home };
    const run = await catInto(box, env, "a".repeat(LIMIT + 1024));
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`the task from stdin is over ${LIMIT} bytes (8 MiB)`);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(sessionFiles(box.home)).toEqual([]);
    expect(existsSync(record)).toBe(false);
  });

  it("under the limit, with every character escaped in JSON, the whole turn is in the session file", async () => {
    const box = makeSandbox();
    const env = { FAKE_LLM: box.script({ turns: [{ text: "explained" }] }), MINI_AGENT_HOME: box.home };
    const piped = '"'.repeat(LIMIT - 1024);
    const run = await catInto(box, env, piped);
    expect(run.code, run.stderr).toBe(0);
    const events = eventLines(onlySessionFile(box.home));
    const started = events.find((event) => event.type === "turn.started") as { prompt: string };
    expect(started.prompt).toBe(`explain\n\n${piped}`);
    expect(events.some((event) => event.type === "turn.ended")).toBe(true);
  });

  it("submitted over rpc: the op is refused naming the limit, and no turn starts", async () => {
    const box = makeSandbox();
    const rpc = startRpc([], { cwd: box.workspace, env: { FAKE_LLM: box.script({ turns: [{ text: "never" }] }), MINI_AGENT_HOME: box.home } });
    clients.push(rpc);
    rpc.send({ id: "big", op: "submit", text: "b".repeat(LIMIT + 1) });
    expect(await rpc.result("big")).toMatchObject({ ok: false, op: "submit", error: `the prompt is ${LIMIT + 1} bytes, over the limit of ${LIMIT} bytes (8 MiB) per prompt; nothing was sent` });
    rpc.send({ id: "bye", op: "shutdown" });
    expect(await rpc.exit()).toEqual({ code: 0, signal: null });
    expect(rpc.events().some((event) => event.type === "turn.started")).toBe(false);
    expect(eventLines(onlySessionFile(box.home)).some((event) => event.type === "turn.started")).toBe(false);
  });
});
