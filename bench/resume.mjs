// Cold resume: `mini-agent -p … -c` on a ~10 MiB session of completed items (ADR 0040: no
// deltas on the disk, so ~4,800 turns), beside a bare Node process that reads the same file
// and JSON.parses every line (the floor a resume cannot beat). All run as fresh processes,
// timed and RSS-probed from outside. Figures only; nothing here asserts a time.
//
// Two ratios. Whole processes: the resume against the bare parse, each with its start-up. And
// what the file itself costs (ADR 0048): the resume minus the same command on a one-turn
// session, against the bare parse minus `node -e 0`. The first is mostly start-up, which the
// demo and round-trip rows already measure; the second is the reading, validating and folding
// of 10 MiB, which is what the budget is about.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { cleanEnv, measureAll } from "./measure.mjs";

/** Issue 23: reading a session file on resume costs at most this much more than parsing it bare. */
const RESUME_VS_BARE = 1.3;

const HEAP_PROBE = fileURLToPath(new URL("./heap-probe.cjs", import.meta.url));

/** About 10 MiB of completed items. */
const TURNS = 4_800;
const CLI = fileURLToPath(new URL("../bin/mini-agent.cjs", import.meta.url));
const dist = (file) => import(pathToFileURL(fileURLToPath(new URL(`../dist/engine/${file}`, import.meta.url))).href);

/**
 * A session of turns that answer in a sentence, call a tool and get its result, then finish,
 * as the session file keeps them: one `assistant.message` per step (the deltas were live only,
 * and took the sequence numbers the gaps show).
 */
export function syntheticSession(sessionId, cwd, turns = TURNS) {
  const lines = [JSON.stringify({ format: "mini-agent-wire", version: 2, sessionId, cwd, created: new Date().toISOString() })];
  let seq = 0;
  let events = 0;
  const ts = new Date().toISOString();
  // Laid out as the bus writes them: the payload, then type, seq and ts.
  const push = ({ type, ...payload }, skipped = 0) => {
    seq += skipped;
    events += 1;
    lines.push(JSON.stringify({ ...payload, type, seq: ++seq, ts }));
  };
  push({ type: "session.started", sessionId, cwd, provider: "fake", model: "fake", resumed: false });
  for (let turn = 0; turn < turns; turn += 1) {
    push({ type: "turn.started", turnId: `t${turn}`, prompt: `task number ${turn}` });
    push({ type: "step.started", round: 1 });
    const call = { callId: `c${turn}`, name: "read_file", arguments: '{"path":"a.txt"}' };
    push({ type: "usage", inputTokens: 1000, outputTokens: 50 }, 31);
    push({ type: "assistant.message", text: "some words ".repeat(30), toolCalls: [call] });
    push({ type: "step.ended", round: 1, finishReason: "tool_calls" });
    push({ type: "tool.result", callId: `c${turn}`, name: "read_file", content: "x".repeat(700), isError: false });
    push({ type: "step.started", round: 2 });
    push({ type: "usage", inputTokens: 1100, outputTokens: 5 }, 1);
    push({ type: "assistant.message", text: "done", toolCalls: [] });
    push({ type: "step.ended", round: 2, finishReason: "stop" });
    push({ type: "turn.ended", turnId: `t${turn}`, stopReason: "completed", rounds: 2 });
  }
  return { text: `${lines.join("\n")}\n`, events };
}

const BARE_PARSE = `
const text = require("node:fs").readFileSync(process.argv[1], "utf8");
let n = 0;
for (const line of text.split("\\n")) if (line) { JSON.parse(line); n += 1; }
if (n < 2) process.exit(1);
`;

/** The same parse, keeping every parsed line: the least any resume that holds the conversation does. */
const BARE_KEEP = `
const text = require("node:fs").readFileSync(process.argv[1], "utf8");
const kept = [];
for (const line of text.split("\\n")) if (line) kept.push(JSON.parse(line));
if (kept.length < 2) process.exit(1);
`;

export default async function resumeBench() {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "mini-agent-bench-resume-"));
  try {
    const { SessionStore } = await dist("session/session.js");
    const cwd = path.join(scratch, "ws");
    const home = path.join(scratch, "home");
    mkdirSync(cwd, { recursive: true });
    const store = new SessionStore(home, cwd);
    store.ensureDir();
    const { text, events } = syntheticSession("20260101T000000-bench0", cwd);
    const file = store.fileFor("20260101T000000-bench0");
    writeFileSync(file, text);
    // The same command on a session of one turn, in its own workspace: its start-up and turn, no file to speak of.
    const smallCwd = path.join(scratch, "ws-small");
    mkdirSync(smallCwd, { recursive: true });
    const smallStore = new SessionStore(home, smallCwd);
    smallStore.ensureDir();
    writeFileSync(smallStore.fileFor("20260101T000000-bench1"), syntheticSession("20260101T000000-bench1", smallCwd, 1).text);
    // A budget the history fits in: this measures the resume, not a compaction of 2,400 turns.
    for (const dir of [cwd, smallCwd]) writeFileSync(path.join(dir, ".agent.json"), JSON.stringify({ context_budget: 100_000_000 }));
    // The fake model's script: one short answer, no tools, so the run is the resume.
    const script = path.join(scratch, "script.json");
    writeFileSync(script, JSON.stringify({ turns: [], after: { text: "ok" } }));

    // 31 interleaved runs: the file's cost is a difference of two medians, which moved by ±0.3
    // run to run with 11 runs and still by ±0.15 with 21 on this 2-core machine.
    const results = measureAll(
      [
        { label: "node", args: ["-e", "0"] },
        { label: "bare", args: ["-e", BARE_PARSE, file] },
        { label: "keep", args: ["-e", BARE_KEEP, file] },
        { label: "resume", args: [CLI, "-p", "go on", "-c"], env: { FAKE_LLM: script, MINI_AGENT_HOME: home }, cwd: () => cwd },
        { label: "small", args: [CLI, "-p", "go on", "-c"], env: { FAKE_LLM: script, MINI_AGENT_HOME: home }, cwd: () => smallCwd },
      ],
      31,
    );
    // What the resumed process still holds after a full GC: the folded state, not the file.
    const heapFile = path.join(scratch, "heap");
    spawnSync(process.execPath, ["--expose-gc", "-r", HEAP_PROBE, CLI, "-p", "go on", "-c"], {
      cwd,
      env: cleanEnv({ FAKE_LLM: script, MINI_AGENT_HOME: home, MINI_AGENT_BENCH_HEAP_FILE: heapFile }),
      stdio: "pipe",
    });
    const liveMiB = Number(readFileSync(heapFile, "utf8").trim()) / 1024 / 1024;
    const bare = results.get("bare");
    const resume = results.get("resume");
    const small = results.get("small");
    const node = results.get("node");
    const keep = results.get("keep");
    const mib = (statSync(file).size / 1024 / 1024).toFixed(1);
    const row = (label, r) => `${label.padEnd(52)} ${r.medianMs.toFixed(1).padStart(8)} ms ${r.peakRssMiB.toFixed(1).padStart(8)} MiB`;
    const whole = resume.medianMs / bare.medianMs;
    const [fileCost, parseCost] = [resume.medianMs - small.medianMs, bare.medianMs - node.medianMs];
    const ratio = fileCost / parseCost;
    return [
      row(`resume: bare JSON.parse of ${events} events (${mib} MiB)`, bare),
      `${row("resume: the same parse, keeping every line", keep)}   (the file costs it ${((keep.medianMs - node.medianMs) / parseCost).toFixed(2)}× the bare parse: holding what is parsed)`,
      `${row("resume: mini-agent -p -c on the same file", resume)}   ${whole.toFixed(2)}× bare as whole processes; live heap at exit ${liveMiB.toFixed(1)} MiB`,
      `${row("resume: mini-agent -p -c on a one-turn session", small)}   (start-up and the turn: ${(small.medianMs / node.medianMs).toFixed(2)}× node -e 0)`,
      `resume: the file costs mini-agent ${fileCost.toFixed(1)} ms, a bare parse ${parseCost.toFixed(1)} ms: ${ratio.toFixed(2)}× (budget ≤ ${RESUME_VS_BARE}×${ratio <= RESUME_VS_BARE ? " ok" : " OVER"})`,
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of await resumeBench()) console.log(line);
