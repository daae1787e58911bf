import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { onlySessionFile } from "../helpers/session-files.js";

describe("secrets", () => {
  it("never reach the session file or stream-json, even when a tool reads them", async () => {
    const box = makeSandbox();
    const key = "sk-ant-abcdefghijklmnopqrstuvwxyz012345";
    writeFileSync(path.join(box.workspace, "config.env"), `ANTHROPIC_API_KEY=${key}\nDB_PASSWORD=hunter2hunter2\n`);
    const script = box.script({
      turns: [{ tool_calls: [{ name: "read_file", arguments: { path: "config.env" } }] }, { text: "It holds {{last_result}}" }],
    });
    const run = await runCli(["-p", "read config.env", "--output-format", "stream-json"], {
      cwd: box.workspace,
      env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home, DB_PASSWORD: "hunter2hunter2" },
    });
    expect(run.code, run.stderr).toBe(0);
    const onDisk = readFileSync(onlySessionFile(box.home), "utf8");
    for (const text of [onDisk, run.stdout]) {
      expect(text).not.toContain(key);
      expect(text).not.toContain("hunter2hunter2");
      expect(text).toContain("[redacted]");
    }
  });
});
