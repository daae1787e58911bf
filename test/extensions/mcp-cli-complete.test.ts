// MCP defects from issue 24 through the real CLI: a dozen calls in one turn print no listener
// warning, a task-only tool is not offered (and a notice says so), and a server started through
// a wrapper whose child holds the pipes is stopped with that child.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { processAlive, waitFor } from "../helpers/processes.js";
import { makeSandbox, runCli, type Sandbox } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile, recordedRequests } from "../helpers/session-files.js";

const STDIO_SERVER = fileURLToPath(new URL("../helpers/mcp/stdio-server.mjs", import.meta.url));

function userConfig(box: Sandbox, config: unknown): void {
  writeFileSync(path.join(box.home, "config.json"), JSON.stringify(config));
}

describe("MCP in a session, beyond text tools", () => {
  it("twelve calls in one turn: every one answers, no MaxListenersExceededWarning; a task-only tool is not offered", async () => {
    const box = makeSandbox();
    userConfig(box, { mcpServers: { rich: { command: process.execPath, args: [STDIO_SERVER, "rich"] } }, permissions: { allow: ["mcp__rich__maybe_task"] } });
    const call = () => ({ tool_calls: [{ name: "mcp__rich__maybe_task", arguments: {} }] });
    const turns = [...Array.from({ length: 12 }, () => call()), { text: "done" }];
    const record = path.join(box.home, "requests.jsonl");
    const run = await runCli(["-p", "go"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns }), FAKE_LLM_RECORD: record } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("done\n");
    expect(run.stderr).not.toContain("MaxListeners");
    const results = eventLines(onlySessionFile(box.home)).filter((event) => event.type === "tool.result");
    expect(results).toHaveLength(12);
    expect(results.every((result) => result["content"] === "ran without a task")).toBe(true);
    expect(run.stderr).toContain("MCP server rich: not offered: long_job (runs only as an MCP task, which mini-agent does not start)");
    const names = recordedRequests(record)[0]!.tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["mcp__rich__picture", "mcp__rich__roots", "mcp__rich__maybe_task"]));
    expect(names).not.toContain("mcp__rich__long_job");
  });

  it.skipIf(process.platform === "win32")("a server behind a wrapper that times out is stopped with the child that holds its pipes", async () => {
    const box = makeSandbox();
    const childPid = path.join(box.home, "child.pid");
    // Like `npx server` or a launcher script: the wrapper starts the real server and waits.
    const wrapper = path.join(box.home, "wrapper.sh");
    writeFileSync(wrapper, `"$1" "$2" "hang:$3" &\nwait\n`);
    userConfig(box, { mcpServers: { slow: { command: "/bin/sh", args: [wrapper, process.execPath, STDIO_SERVER, childPid], timeout: 2 } } });
    const run = await runCli(["-p", "hi"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [{ text: "still here" }] }) } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("MCP server slow failed to start: did not answer within 2 s; continuing without it");
    const pid = Number(readFileSync(childPid, "utf8"));
    await waitFor(() => !processAlive(pid), 5_000, `the wrapped server (pid ${pid}) to be stopped with its wrapper`);
  });
});
