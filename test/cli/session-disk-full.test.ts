// A run whose session file stops growing (RLIMIT_FSIZE via `ulimit -f`: real writes fail with
// EFBIG, after a short write at the edge, as on a full disk) says so and exits 1; the file it
// leaves ends on a whole line and resumes. No root needed; POSIX shells only.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, cliEnv, collect, makeSandbox, runCli } from "../helpers/run-cli.js";
import { onlySessionFile } from "../helpers/session-files.js";

/** The CLI under `ulimit -f <blocks>`: every file it writes stops growing there. */
function startLimited(blocks: number, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  return spawn("sh", ["-c", `ulimit -f ${blocks} && exec "$0" "$@"`, process.execPath, CLI, ...args], { cwd, env, stdio: ["pipe", "pipe", "pipe"] });
}

describe.skipIf(process.platform === "win32")("session file that cannot grow", () => {
  it("exits 1 naming the session file, json says is_error, and what is on disk resumes", async () => {
    const box = makeSandbox();
    // An answer far past the limit: its line cannot be written, nor anything after it.
    const script = box.script({ turns: [{ text: "x".repeat(100_000) }] });
    const env = cliEnv({ FAKE_LLM: script, MINI_AGENT_HOME: box.home, NODE_DISABLE_COMPILE_CACHE: "1" });
    // 40 blocks: 20 KiB (512-byte blocks, POSIX sh) or 40 KiB (bash); the header and first events fit.
    const run = await collect(startLimited(40, ["-p", "hi", "--output-format", "json"], box.workspace, env));
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

  it("a lock that cannot be written (no room for one byte) exits 2 and leaves no temporary file", async () => {
    const box = makeSandbox();
    const env = cliEnv({ FAKE_LLM: box.script({ turns: [{ text: "never" }] }), MINI_AGENT_HOME: box.home, NODE_DISABLE_COMPILE_CACHE: "1" });
    const run = await collect(startLimited(0, ["-p", "hi"], box.workspace, env));
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/cannot lock the session in .*(EFBIG|too large)/);
    const folder = path.join(box.home, "sessions", readdirSync(path.join(box.home, "sessions"))[0]!);
    expect(readdirSync(folder).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });
});
