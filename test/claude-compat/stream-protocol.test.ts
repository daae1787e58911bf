// The Claude-compatible face driven by hand, as a client that is not the SDK might: bad lines
// and unknown control requests are answered and survived; bad flags exit 2 naming the flag;
// --mcp-config and --disallowedTools reach the engine. Real CLI, fake OpenAI server.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chatText, chunk, DONE, sse, startScriptedServer, toolDelta, type FakeServer } from "../helpers/fake-openai-server.js";
import { providerSandbox, streamEvents, type ProviderSandbox } from "../helpers/provider-cli.js";
import { waitFor } from "../helpers/processes.js";
import { runCli, startCli, type CliRun } from "../helpers/run-cli.js";
import { fileURLToPath } from "node:url";

const KEY = "sk-openai-test-key-0000aaaa1111bbbb2222";
const BASE = ["--output-format", "stream-json", "--verbose", "--input-format", "stream-json"];
const MCP_SERVER = fileURLToPath(new URL("../helpers/mcp/stdio-server.mjs", import.meta.url));

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

/** The CLI with these lines on stdin, closed after them (as the SDK does after the last result). */
function runWithInput(box: ProviderSandbox, args: string[], input: string, env: Record<string, string>): Promise<CliRun> {
  return runCli(args, { cwd: box.workspace, env: { HOME: box.userHome, MINI_AGENT_HOME: box.home, ...env }, input });
}

const line = (value: unknown) => `${JSON.stringify(value)}\n`;
const userMessage = (text: string) => line({ type: "user", message: { role: "user", content: text }, parent_tool_use_id: null });

describe("mini-agent --input-format stream-json, by hand", () => {
  it("skips a malformed line, answers an unknown control request with an error, and goes on", async () => {
    const server = await startScriptedServer([chatText("Still here.")]);
    servers.push(server);
    const box = providerSandbox();
    const input = [
      line({ type: "control_request", request_id: "init-1", request: { subtype: "initialize", hooks: null } }),
      "{this is not json\n",
      "[1, 2]\n",
      line({ type: "control_request", request_id: "odd-1", request: { subtype: "rewind_files", user_message_id: "x" } }),
      userMessage("are you there?"),
    ].join("");
    const fed = await runWithInput(box, BASE, input, { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${server.url}/v1` });
    expect(fed.code, fed.stderr).toBe(0);
    expect(fed.stderr).toContain("stdin line 2 is not JSON");
    expect(fed.stderr).toContain("stdin line 3 is not a JSON object");
    const messages = streamEvents(fed.stdout);
    expect(messages.find((m) => (m["response"] as { request_id?: string } | undefined)?.request_id === "odd-1")).toEqual({
      type: "control_response",
      response: { subtype: "error", request_id: "odd-1", error: "Unsupported control request subtype: rewind_files" },
    });
    expect(messages.find((m) => (m["response"] as { request_id?: string } | undefined)?.request_id === "init-1")).toMatchObject({
      response: { subtype: "success", response: { models: [{ value: "gpt-5" }] } },
    });
    expect(messages.at(-1)).toMatchObject({ type: "result", subtype: "success", result: "Still here." });
  });

  it("starts --mcp-config servers, drops what --disallowedTools names, and lists the result in system/init", async () => {
    const server = await startScriptedServer([chatText("ok")]);
    servers.push(server);
    const box = providerSandbox();
    const configFile = path.join(box.workspace, "mcp.json");
    writeFileSync(configFile, JSON.stringify({ mcpServers: { files: { command: process.execPath, args: [MCP_SERVER] } } }));
    const run = await runWithInput(box, [...BASE, "--mcp-config", "mcp.json", "--disallowedTools", "Bash,WebFetch", "--allowedTools", "Bash(npm test:*)"], userMessage("hi"), {
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: `${server.url}/v1`,
    });
    expect(run.code, run.stderr).toBe(0);
    const init = streamEvents(run.stdout).find((m) => m["subtype"] === "init") as { tools: string[]; mcp_servers: unknown[] };
    expect(init.tools).toContain("mcp__files__echo");
    expect(init.tools).not.toContain("Bash");
    expect(init.tools).not.toContain("WebFetch");
    expect(init.mcp_servers).toEqual([{ name: "files", status: "connected" }]);
    const offered = (server.json(0)["tools"] as { function: { name: string } }[]).map((tool) => tool.function.name);
    expect(offered).toContain("mcp__files__echo");
    expect(offered).not.toContain("run_command");
  });

  it("denies a can_use_tool still unanswered when stdin closes, finishes the turn and exits 0", async () => {
    const server = await startScriptedServer([
      sse(chunk({ role: "assistant", content: "" }), chunk(toolDelta(0, { id: "call_c1", name: "write_file", args: '{"path":"late.txt","content":"x"}' })), chunk({}, "tool_calls"), DONE),
      chatText("Nobody answered."),
    ]);
    servers.push(server);
    const box = providerSandbox();
    const child = startCli([...BASE, "--permission-prompt-tool", "stdio"], { cwd: box.workspace, env: { HOME: box.userHome, MINI_AGENT_HOME: box.home, OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${server.url}/v1` } });
    let stdout = "";
    child.stdout!.setEncoding("utf8").on("data", (text: string) => (stdout += text));
    const done = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    child.stdin!.write(userMessage("write late.txt"));
    await waitFor(() => stdout.includes('"can_use_tool"'), 15_000, "the can_use_tool request");
    child.stdin!.end();
    expect(await done).toBe(0);
    const run = { stdout };
    expect(existsSync(path.join(box.workspace, "late.txt"))).toBe(false);
    const messages = streamEvents(run.stdout);
    expect(messages.find((m) => m["type"] === "control_request")).toMatchObject({ request: { subtype: "can_use_tool", tool_name: "Write", input: { file_path: "late.txt" } } });
    expect(JSON.stringify(messages.filter((m) => m["type"] === "user"))).toContain("stdin closed before the answer");
    expect(messages.at(-1)).toMatchObject({ type: "result", subtype: "success", result: "Nobody answered." });
  });

  it.each([
    [["--frobnicate"], "Unknown option '--frobnicate'"],
    [["--permission-prompt-tool", "mcp__auth__ask"], '--permission-prompt-tool "mcp__auth__ask" is not supported'],
    [["--permission-mode", "yolo"], 'invalid value "yolo" for --permission-mode'],
    [["--mcp-config", "missing.json"], "--mcp-config missing.json: cannot read the file (ENOENT)"],
    [["--mcp-config", '{"mcpServers": {"x": {"type": "sse", "url": "http://h"}}}'], '"sse" is not supported'],
    [["--allowedTools", "Bash(("], "--allowedTools"],
  ])("exits 2 naming the problem: %j", async (args, message) => {
    const box = providerSandbox();
    const run = await runWithInput(box, [...BASE, ...args], "", { FAKE_LLM: "1" });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });

  it("refuses an input format other than stream-json", async () => {
    const box = providerSandbox();
    const run = await box.run(["--input-format", "text", "-p", "hi"], { FAKE_LLM: "1" });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('invalid value "text" for --input-format; expected stream-json');
  });
  it("Claude Code's prompt flags: --system-prompt-file replaces the base prompt, --append-system-prompt goes last; a missing file is exit 2 naming it", async () => {
    const server = await startScriptedServer([chatText("Done.")]);
    servers.push(server);
    const box = providerSandbox();
    const file = path.join(box.userHome, "prompt.md");
    writeFileSync(file, "You review pull requests.\n__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__\nBe brief.\n");
    const env = { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${server.url}/v1` };
    const run = await runWithInput(box, [...BASE, "--system-prompt-file", file, "--append-system-prompt", "Sign every answer."], userMessage("review"), env);
    expect(run.code).toBe(0);
    const system = String((server.json(0)["messages"] as Record<string, unknown>[])[0]?.["content"]);
    expect(system.startsWith("You review pull requests.\nBe brief.")).toBe(true);
    expect(system).not.toContain("You are mini-agent");
    expect(system).not.toContain("DYNAMIC_BOUNDARY");
    expect(system.trimEnd().endsWith("Sign every answer.")).toBe(true);

    const missing = await runWithInput(box, [...BASE, "--append-system-prompt-file", path.join(box.userHome, "nope.md")], userMessage("x"), env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("nope.md");
    const both = await runWithInput(box, [...BASE, "--system-prompt", "a", "--system-prompt-file", file], userMessage("x"), env);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("--system-prompt and --system-prompt-file cannot be used together");
  });

  it("the initialize request's systemPrompt applies when initialize comes first, with or without --await-initialize; after a prompt it is said to be ignored", async () => {
    const server = await startScriptedServer([chatText("One."), chatText("Two."), chatText("Three.")]);
    servers.push(server);
    const box = providerSandbox();
    const env = { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${server.url}/v1` };
    const init = line({ type: "control_request", request_id: "init-1", request: { subtype: "initialize", systemPrompt: ["Part one.", "__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__", "Part two."], appendSystemPrompt: "Appended." } });
    const waited = await runWithInput(box, [...BASE, "--await-initialize"], init + userMessage("hi"), env);
    expect(waited.code).toBe(0);
    const system = String((server.json(0)["messages"] as Record<string, unknown>[])[0]?.["content"]);
    expect(system.startsWith("Part one.\n\nPart two.")).toBe(true);
    expect(system.trimEnd().endsWith("Appended.")).toBe(true);
    expect(waited.stderr).not.toContain("systemPrompt");

    const first = await runWithInput(box, BASE, init + userMessage("hi"), env);
    expect(first.code).toBe(0);
    expect(String((server.json(1)["messages"] as Record<string, unknown>[])[0]?.["content"]).startsWith("Part one.\n\nPart two.")).toBe(true);

    // An initialize after the session has opened (its first prompt answered) cannot change it.
    const child = startCli(BASE, { cwd: box.workspace, env: { HOME: box.userHome, MINI_AGENT_HOME: box.home, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout!.setEncoding("utf8").on("data", (text: string) => (stdout += text));
    child.stderr!.setEncoding("utf8").on("data", (text: string) => (stderr += text));
    const done = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    child.stdin!.write(userMessage("hi"));
    await waitFor(() => stdout.includes('"type":"result"'), 15_000, "the first result");
    child.stdin!.end(init);
    expect(await done).toBe(0);
    expect(String((server.json(2)["messages"] as Record<string, unknown>[])[0]?.["content"])).toContain("You are mini-agent");
    expect(stderr).toContain("initialize: systemPrompt, appendSystemPrompt ignored");
  });
});
