import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { agentEventSchema } from "../../src/engine/events.js";
import { LIVE_ONLY } from "../../src/engine/wire/wire-policy.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { onlySessionFile } from "../helpers/session-files.js";

describe("output formats", () => {
  it("stream-json prints every event as a line that parses against the schema, exactly as on the wire", async () => {
    const box = makeSandbox();
    const run = await runCli(["-p", "demo", "--yes", "--output-format", "stream-json"], {
      cwd: box.workspace,
      env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home },
    });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    for (const line of lines) expect(agentEventSchema.safeParse(JSON.parse(line)).success).toBe(true);
    const wire = readFileSync(onlySessionFile(box.home), "utf8").trimEnd().split("\n").slice(1);
    expect(lines).toEqual(wire);
    const types = new Set(lines.map((line) => JSON.parse(line).type));
    for (const type of ["session.started", "assistant.message", "approval.request", "tool.result", "usage", "turn.ended"]) {
      expect(types).toContain(type);
    }
    // Completed items only: the stream they were drawn from is live only (ADR 0040).
    for (const type of LIVE_ONLY) expect(types).not.toContain(type);
    const first = lines.map((line) => JSON.parse(line)).find((event) => event.type === "assistant.message");
    expect(first).toMatchObject({
      text: "I'll create a small notes file in the workspace.",
      thinking: [{ text: "The user wants a demonstration. I will write a small file first." }],
      toolCalls: [{ name: "write_file" }],
    });
  });

  it("--include-partial-messages adds the live events, and leaving them out gives the file's lines", async () => {
    const box = makeSandbox();
    const run = await runCli(["-p", "demo", "--yes", "--output-format", "stream-json", "--include-partial-messages"], {
      cwd: box.workspace,
      env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home },
    });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    const events = lines.map((line) => JSON.parse(line) as { type: string; seq: number });
    for (const event of events) expect(agentEventSchema.safeParse(event).success).toBe(true);
    const types = new Set(events.map((event) => event.type));
    for (const type of ["assistant.delta", "thinking.delta", "tool.call"]) expect(types).toContain(type);
    // With the partial messages the numbering has no gaps: every event the bus published.
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    const wire = readFileSync(onlySessionFile(box.home), "utf8").trimEnd().split("\n").slice(1);
    expect(lines.filter((_, index) => !LIVE_ONLY.has(events[index]!.type as never))).toEqual(wire);
  });

  it("--include-partial-messages without stream-json is a usage error naming the flag", async () => {
    const box = makeSandbox();
    const run = await runCli(["-p", "demo", "--include-partial-messages"], { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--include-partial-messages needs --print and --output-format stream-json/);
  });

  it("text prints only the final answer on stdout and progress on stderr", async () => {
    const box = makeSandbox();
    const script = box.script({
      turns: [{ text: "Let me look.", tool_calls: [{ name: "list_files", arguments: {} }] }, { text: "All done." }],
    });
    const run = await runCli(["-p", "look"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("All done.\n");
    expect(run.stderr).toContain("Let me look.");
    expect(run.stderr).toContain("list_files");
  });
});

describe("live command output", () => {
  it("text mode streams a command's output on stderr while it runs", async () => {
    const { startCli, collect } = await import("../helpers/run-cli.js");
    const box = makeSandbox();
    // The markers are assembled at run time so the echoed command line cannot contain them.
    // The second line waits for the test to have seen the first (a gate file), not for a fixed time.
    const gate = path.join(path.dirname(box.home), "go").replace(/\\/g, "/");
    const command = `node -e "const fs=require('fs');console.log('first' + '-line');const t=setInterval(()=>{if(fs.existsSync('${gate}')){clearInterval(t);console.log('second' + '-line')}},25)"`;
    const script = box.script({ turns: [{ tool_calls: [{ name: "run_command", arguments: { command } }] }, { text: "ran" }] });
    const child = startCli(["-p", "run it", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
    let stderr = "";
    let sawFirstBeforeSecond = false;
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      if (stderr.includes("first-line") && !stderr.includes("second-line") && !sawFirstBeforeSecond) {
        sawFirstBeforeSecond = true;
        writeFileSync(gate, "");
      }
    });
    const run = await collect(child);
    expect(run.code).toBe(0);
    expect(sawFirstBeforeSecond).toBe(true);
    expect(stderr).toContain("second-line");
  });
});
