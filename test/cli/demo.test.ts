import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";

describe("FAKE_LLM=1 demo", () => {
  it("with --yes writes the file, reads it back and summarises what is on disk", async () => {
    const box = makeSandbox();
    const run = await runCli(["-p", "show me the demo", "--yes"], {
      cwd: box.workspace,
      env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home },
    });
    expect(run.stderr).not.toMatch(/mini-agent:|\n\s+at /);
    expect(run.code, run.stderr).toBe(0);
    const written = readFileSync(path.join(box.workspace, "demo/notes.md"), "utf8");
    expect(written).toContain("mini-agent wrote this file.");
    expect(run.stdout).toContain("Done. I wrote demo/notes.md");
    expect(run.stdout).toContain("mini-agent wrote this file.");
    expect(run.stderr).toContain("write_file");
    const file = onlySessionFile(box.home);
    if (process.platform !== "win32") expect(statSync(file).mode & 0o777).toBe(0o600);
    const types = eventLines(file).map((event) => event.type);
    expect(types.slice(0, 2)).toEqual(["session.started", "turn.started"]);
    expect(types.at(-1)).toBe("turn.ended");
  });

  it("without --yes refuses the write, leaves the disk untouched and says how to approve", async () => {
    const box = makeSandbox();
    const run = await runCli(["-p", "demo", "--output-format", "json"], {
      cwd: box.workspace,
      env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(path.join(box.workspace, "demo"))).toBe(false);
    const result = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(result).toMatchObject({ is_error: false, stop_reason: "completed", rounds: 3 });
    expect(result.refused_calls).toEqual([
      expect.objectContaining({ name: "write_file", reason: "needs approval: rerun with --yes" }),
    ]);
    expect(result.session_id).toMatch(/^\d{8}T\d{6}-[0-9a-f]{6}$/);
    expect((result.usage as { requests: number }).requests).toBe(3);
  });
});
