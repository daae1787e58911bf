// The same scripted work written both ways (ADR 0040): a long turn of the scripted model,
// run once with `--output-format stream-json --include-partial-messages`. Its stdout is every
// event the bus published, which is what the delta wire (version 1) wrote to the session file,
// less the completed `assistant.message` lines it did not have; the session file is what this
// version keeps. The scripted model streams two words a delta (real providers send about a
// token, so a real delta file is larger still). Figures only; nothing here asserts a size.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cleanEnv } from "./measure.mjs";

const CLI = fileURLToPath(new URL("../bin/mini-agent.cjs", import.meta.url));
const ROUNDS = 200;

function sessionFile(home) {
  const root = path.join(home, "sessions");
  for (const key of readdirSync(root)) {
    const name = readdirSync(path.join(root, key)).find((file) => file.endsWith(".jsonl"));
    if (name) return path.join(root, key, name);
  }
  throw new Error("the run left no session file");
}

/** Runs `steps` through the CLI; returns [bytes the delta wire would hold, bytes of the session file, lines as deltas]. */
function bothWays(scratch, label, steps) {
  const cwd = path.join(scratch, `ws-${label}`);
  const home = path.join(scratch, `home-${label}`);
  mkdirSync(cwd, { recursive: true });
  writeFileSync(path.join(cwd, "notes.txt"), "a line of notes the command prints back, forty or so bytes\n".repeat(20));
  writeFileSync(path.join(cwd, ".agent.json"), JSON.stringify({ context_budget: 100_000_000 }));
  const script = path.join(scratch, `script-${label}.json`);
  writeFileSync(script, JSON.stringify({ turns: [...steps, { text: "Done." }] }));
  const rounds = String(steps.length + 1);
  const run = spawnSync(process.execPath, [CLI, "-p", "go", "--yes", "--output-format", "stream-json", "--include-partial-messages", "--max-rounds", rounds], {
    cwd,
    env: cleanEnv({ FAKE_LLM: script, MINI_AGENT_HOME: home }),
    stdio: "pipe",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`wire-size run ${label} failed (${run.status}): ${run.stderr}`);
  const lines = run.stdout.toString("utf8").split("\n").filter(Boolean);
  const deltaWire = lines.filter((line) => !line.includes('"type":"assistant.message"'));
  const header = 120; // the header line, about the same either way
  const deltaBytes = deltaWire.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, header);
  return [deltaBytes, statSync(sessionFile(home)).size, deltaWire.length];
}

export default async function benchWireSize() {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "mini-agent-wire-size-"));
  try {
    const sentence = "The notes may have changed since the last look, so I check them again before going on. ";
    // A model that reasons and explains at length, reading a small file now and then.
    const talk = { reasoning: sentence.repeat(6), text: sentence.repeat(3), tool_calls: [{ name: "read_file", arguments: { path: "notes.txt" } }] };
    // A model that mostly runs commands whose output is as large as its words.
    const command = { reasoning: sentence, text: sentence, tool_calls: [{ name: "run_command", arguments: { command: "cat notes.txt" } }] };
    const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
    const rows = [];
    for (const [label, step] of [["reasoning and text", talk], ["commands", command]]) {
      const [deltaBytes, itemBytes, deltaLines] = bothWays(scratch, label.split(" ")[0], Array.from({ length: ROUNDS - 1 }, () => step));
      rows.push(
        `session file, ${ROUNDS} rounds of ${label}: ${kib(itemBytes)} of completed items, ${kib(deltaBytes)} (${deltaLines} lines) ` +
          `as deltas: ${(deltaBytes / itemBytes).toFixed(1)}× smaller for the same work`,
      );
    }
    return rows;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of await benchWireSize()) console.log(line);
