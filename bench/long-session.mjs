// A long headless turn: 300 rounds of tool calls against the scripted model, to watch
// memory growth and per-round cost (every event is folded, written and rendered).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { measureAll } from "./measure.mjs";

const CLI = fileURLToPath(new URL("../bin/mini-agent.cjs", import.meta.url));
const ROUNDS = 300;

export default async function benchLongSession() {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "mini-agent-long-"));
  const script = path.join(scratch, "script.json");
  const text = "Reading the file again to check it has not changed since the last look. ".repeat(3);
  // ROUNDS - 1 reading rounds, then a final answer: the turn completes (exit 0) on its last round
  // instead of hitting --max-rounds (which exits 3).
  const reading = { text, tool_calls: [{ name: "read_file", arguments: { path: "big.txt" } }] };
  writeFileSync(script, JSON.stringify({ turns: Array.from({ length: ROUNDS - 1 }, () => reading), after: { text: "done" } }));
  const workspace = (round) => {
    const dir = path.join(scratch, `ws-${round}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "big.txt"), "a line of a medium-sized source file, repeated\n".repeat(400));
    return dir;
  };
  const results = measureAll(
    [
      {
        label: "long",
        args: [CLI, "-p", "keep reading", "--max-rounds", String(ROUNDS), "--output-format", "json"],
        env: { FAKE_LLM: script, MINI_AGENT_HOME: path.join(scratch, "home") },
        cwd: workspace,
      },
    ],
    3,
  );
  const long = results.get("long");
  return [
    `long turn, ${ROUNDS} rounds of read_file (~19 KB result each): ${long.medianMs.toFixed(0)} ms median, ` +
      `${(long.medianMs / ROUNDS).toFixed(2)} ms per round, peak RSS ${long.peakRssMiB.toFixed(1)} MiB`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of await benchLongSession()) console.log(line);
