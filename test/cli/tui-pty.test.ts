// The TUI's way out when it cannot start: under a real pseudo-terminal (`script`), a missing
// API key ends it with exit 2 and the reason, and every terminal mode it turned on is off
// again: no key-reporting mode is switched on after the terminal was handed back.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { CLI, makeSandbox } from "../helpers/run-cli.js";

const scriptAvailable = process.platform === "linux" && spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0;
if (!scriptAvailable) console.warn("skipping the pty test: util-linux `script` is not available");

describe.skipIf(!scriptAvailable)("mini-agent on a pty, failing to start", () => {
  it("exits 2 with the reason and leaves the terminal as it found it", () => {
    const box = makeSandbox();
    const run = spawnSync("script", ["-qfec", `"${process.execPath}" "${CLI}"`, "/dev/null"], {
      cwd: box.workspace,
      env: { PATH: process.env.PATH, HOME: box.home, MINI_AGENT_HOME: box.home, TERM: "xterm-256color" },
      encoding: "utf8",
      input: "",
      timeout: 20_000,
    });
    expect(run.status).toBe(2);
    expect(run.stdout).toMatch(/No API key found for provider "kimi"/);
    // Bracketed paste was turned on, then off; the cursor is shown again.
    expect(run.stdout).toContain("\x1b[?2004h");
    const handedBack = run.stdout.lastIndexOf("\x1b[?2004l");
    expect(handedBack).toBeGreaterThan(run.stdout.indexOf("\x1b[?2004h"));
    expect(run.stdout).toContain("\x1b[?25h");
    // Nothing switches a keyboard mode on after that (pi-tui's modifyOtherKeys fallback timer).
    expect(run.stdout.slice(handedBack)).not.toContain("\x1b[>4;2m");
  });
});
