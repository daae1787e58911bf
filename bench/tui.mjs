// TUI figures: the first frame, and streaming 100,000 characters of markdown into a
// headless terminal (CPU time, frames, full redraws), beside pi-tui's whole-text pattern.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { cleanEnv, median } from "./measure.mjs";

const CHILD = fileURLToPath(new URL("./tui-stream-child.mjs", import.meta.url));
const FIRST_FRAME = fileURLToPath(new URL("./tui-first-frame.mjs", import.meta.url));

function runChild(file, args) {
  const result = spawnSync(process.execPath, [file, ...args], { env: cleanEnv(), encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${file} ${args.join(" ")} failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").pop());
}

export default async function tuiBench() {
  const lines = [];
  try {
    const firstFrames = Array.from({ length: 7 }, () => runChild(FIRST_FRAME, []));
    const first = median(firstFrames.map((r) => r.firstFrameMs));
    const ready = median(firstFrames.map((r) => r.readyMs));
    lines.push(`${"TUI first frame (no task)".padEnd(34)} ${first.toFixed(1).padStart(8)} ms   (start to the welcome on a pty; target < 200 ms)`);
    lines.push(`${"TUI ready (engine open)".padEnd(34)} ${ready.toFixed(1).padStart(8)} ms   (start to the footer naming the model)`);
  } catch (error) {
    // `script` (util-linux / BSD) gives the pseudo-terminal; without it there is no figure.
    lines.push(`${"TUI first frame (no task)".padEnd(34)}      n/a   (${String(error.message).split("\n")[0]})`);
  }
  for (const mode of ["mini-agent", "whole-markdown"]) {
    const runs = Array.from({ length: 3 }, () => runChild(CHILD, [mode]));
    const label = mode === "mini-agent" ? "TUI stream 100k chars markdown" : "  pi-tui Markdown re-set, 20k chars";
    lines.push(
      `${label.padEnd(34)} ${median(runs.map((r) => r.cpuMs)).toFixed(0).padStart(8)} ms CPU  ` +
        `${median(runs.map((r) => r.frames))} frames, ${Math.max(...runs.map((r) => r.fullRedraws))} full redraws (target 0)`,
    );
  }
  return lines;
}
