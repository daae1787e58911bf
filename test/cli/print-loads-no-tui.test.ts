// Print mode must not pay for the TUI: a real `-p` run of the built CLI loads no module that
// holds pi-tui (or the TUI's own code), while the interactive path's chunk does hold it.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BUNDLE, chunkNamed, lazyRequires } from "../helpers/bundle-graph.js";
import { CLI, makeSandbox } from "../helpers/run-cli.js";

const PROBE = fileURLToPath(new URL("../helpers/module-probe.cjs", import.meta.url));
// A string only pi-tui's code has (its cursor marker), and one only our TUI has.
const PI_TUI_MARK = "_pi:c";
const OUR_TUI_MARK = "ctrl-c again to quit";

function loadedFiles(args: string[], box = makeSandbox()): string[] {
  const record = path.join(box.home, "loads.txt");
  const run = spawnSync(process.execPath, ["--require", PROBE, CLI, ...args], {
    cwd: box.workspace,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, FAKE_LLM: "1", MINI_AGENT_HOME: box.home, MODULE_PROBE_LOG: record },
    encoding: "utf8",
  });
  expect(run.status, run.stderr).toBe(0);
  return [...new Set(readFileSync(record, "utf8").split("\n").filter(Boolean))];
}

describe("print mode loads no TUI code", () => {
  it("a -p run loads the bundle and its chunks, none of them with pi-tui or the TUI in them", () => {
    const files = loadedFiles(["-p", "run the demo", "--yes"]);
    const ours = files.filter((file) => file.includes(`${path.sep}dist${path.sep}`));
    // The recorder sees the run: the bundle and the lazily loaded print-mode and bootstrap chunks.
    expect(ours.some((file) => file.endsWith("cli.bundle.cjs"))).toBe(true);
    expect(ours.length).toBeGreaterThan(2);
    const withTui = files.filter((file) => {
      const text = readFileSync(file, "utf8");
      return text.includes(PI_TUI_MARK) || text.includes(OUR_TUI_MARK) || file.includes("pi-tui");
    });
    expect(withTui).toEqual([]);
  });

  it("the TUI lives in a chunk of its own, which holds pi-tui", () => {
    const launch = chunkNamed("launch");
    expect(lazyRequires(BUNDLE)).toContain(launch);
    const text = readFileSync(launch, "utf8");
    expect(text).toContain(PI_TUI_MARK);
    expect(text).toContain(OUR_TUI_MARK);
  });
});
