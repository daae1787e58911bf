// A run whose session file stops growing (RLIMIT_FSIZE via `ulimit -f`: real writes fail with
// EFBIG, after a short write at the edge, as on a full disk) says so and exits 1; the file it
// leaves ends on a whole line and resumes. No root needed; POSIX shells only.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CLI, cliEnv, collect, makeSandbox, runCli } from "../helpers/run-cli.js";
import { onlySessionFile } from "../helpers/session-files.js";

describe.skipIf(process.platform === "win32")("session file that cannot grow", () => {
  it("exits 1 naming the session file, json says is_error, and what is on disk resumes", async () => {
    const box = makeSandbox();
    // An answer far past the limit: its line cannot be written, nor anything after it.
    const script = box.script({ turns: [{ text: "x".repeat(100_000) }] });
    const env = cliEnv({ FAKE_LLM: script, MINI_AGENT_HOME: box.home, NODE_DISABLE_COMPILE_CACHE: "1" });
    // 40 blocks: 20 KiB (512-byte blocks, POSIX sh) or 40 KiB (bash); the header and first events fit.
    const child = spawn("sh", ["-c", 'ulimit -f 40 && exec "$0" "$@"', process.execPath, CLI, "-p", "hi", "--output-format", "json"], {
      cwd: box.workspace,
      env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const run = await collect(child);
    expect(run.code, run.stderr).toBe(1);
    const file = onlySessionFile(box.home);
    expect(run.stderr).toContain(`could not be written to the session file ${file}`);
    expect(run.stderr).toMatch(/EFBIG|too large/);
    const result = JSON.parse(run.stdout) as { is_error: boolean; errors: string[] };
    expect(result.is_error).toBe(true);
    expect(result.errors.join("\n")).toContain(file);

    const text = readFileSync(file, "utf8");
    expect(text.endsWith("\n")).toBe(true);
    expect(text).not.toContain("xxxxx");
    const again = await runCli(["-p", "go on", "-c"], {
      cwd: box.workspace,
      env: { FAKE_LLM: box.script({ turns: [{ text: "resumed" }] }), MINI_AGENT_HOME: box.home },
    });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toMatch(/unreadable|torn/);
    expect(again.stdout).toBe("resumed\n");
  });
});
