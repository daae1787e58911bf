// Resume cost: rebuilding a long session (50,000 events) by reading its wire file and
// folding it through the reducer, in-process and as a whole `mini-agent -p … -c` run.
// Figures only; nothing here asserts a time.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const EVENTS = 50_000;
const CLI = fileURLToPath(new URL("../bin/mini-agent.cjs", import.meta.url));
const dist = (file) => import(pathToFileURL(fileURLToPath(new URL(`../dist/engine/${file}`, import.meta.url))).href);

/** A session of turns that stream text in small deltas, call a tool and get its result. */
function syntheticSession(sessionId, cwd) {
  const lines = [JSON.stringify({ format: "mini-agent-wire", version: 1, sessionId, cwd, created: new Date().toISOString() })];
  let seq = 0;
  const ts = new Date().toISOString();
  const push = (event) => lines.push(JSON.stringify({ ...event, seq: ++seq, ts }));
  push({ type: "session.started", sessionId, cwd, provider: "fake", model: "fake", resumed: false });
  for (let turn = 0; seq < EVENTS - 40; turn += 1) {
    push({ type: "turn.started", turnId: `t${turn}`, prompt: `task number ${turn}` });
    push({ type: "step.started", round: 1 });
    for (let i = 0; i < 30; i += 1) push({ type: "assistant.delta", text: "some words " });
    push({ type: "tool.call", callId: `c${turn}`, name: "read_file", arguments: '{"path":"a.txt"}' });
    push({ type: "usage", inputTokens: 1000, outputTokens: 50 });
    push({ type: "step.ended", round: 1, finishReason: "tool_calls" });
    push({ type: "tool.result", callId: `c${turn}`, name: "read_file", content: "x".repeat(400), isError: false });
    push({ type: "step.started", round: 2 });
    push({ type: "assistant.delta", text: "done" });
    push({ type: "step.ended", round: 2, finishReason: "stop" });
    push({ type: "turn.ended", turnId: `t${turn}`, stopReason: "completed", rounds: 2 });
  }
  return { text: `${lines.join("\n")}\n`, events: seq };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export default async function resumeBench() {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "mini-agent-bench-resume-"));
  try {
    const { readWire } = await dist("wire.js");
    const { foldEvents } = await dist("state.js");
    const { SessionStore } = await dist("session.js");
    const cwd = path.join(scratch, "ws");
    const home = path.join(scratch, "home");
    mkdirSync(cwd, { recursive: true });
    const store = new SessionStore(home, cwd);
    store.ensureDir();
    const { text, events } = syntheticSession("20260101T000000-bench0", cwd);
    const file = store.fileFor("20260101T000000-bench0");
    writeFileSync(file, text);

    const read = [];
    const fold = [];
    for (let run = 0; run < 5; run += 1) {
      const t0 = performance.now();
      const contents = readWire(file);
      const t1 = performance.now();
      foldEvents(contents.events);
      read.push(t1 - t0);
      fold.push(performance.now() - t1);
    }
    const started = performance.now();
    const cli = spawnSync(process.execPath, [CLI, "-p", "go on", "-c"], {
      cwd,
      env: { PATH: process.env.PATH, HOME: os.homedir(), FAKE_LLM: "1", MINI_AGENT_HOME: home },
      encoding: "utf8",
    });
    const cliMs = performance.now() - started;
    const mib = (Buffer.byteLength(text) / 1024 / 1024).toFixed(1);
    return [
      `resume: read ${events} events (${mib} MiB)       ${median(read).toFixed(1).padStart(8)} ms`,
      `resume: fold ${events} events                ${median(fold).toFixed(1).padStart(8)} ms`,
      `resume: mini-agent -p -c on it (exit ${cli.status})     ${cliMs.toFixed(1).padStart(8)} ms`,
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
