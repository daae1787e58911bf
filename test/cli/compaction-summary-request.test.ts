// The summary request as providers receive it, and as the usage counts it. A request holding
// tool_use/tool_result blocks without `tools` is a 400 on Anthropic and Bedrock
// (docs/providers.md §4.2), so the older conversation goes to the summary as text. Every
// summary request sent counts in `usage.requests`, answered, failed, aborted or not applied.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  anthropicText,
  MESSAGE_STOP,
  messageDelta,
  messageStart,
  readFileCall,
  sse,
  startFakeAnthropicServer,
  type FakeServer,
} from "../helpers/fake-anthropic-server.js";
import { providerSandbox } from "../helpers/provider-cli.js";
import { collect, startCli } from "../helpers/run-cli.js";
import { waitFor } from "../helpers/processes.js";
import { isSummaryRequest, startRoundsModel } from "../helpers/rounds-model.js";

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

interface AnthropicBody {
  system?: { text: string }[];
  tools?: unknown[];
  messages: { role: string; content: { type: string }[] | string }[];
}

const blockTypes = (body: AnthropicBody) => body.messages.flatMap((message) => (typeof message.content === "string" ? ["text"] : message.content.map((block) => block.type)));

describe("the summary request", () => {
  it("on Anthropic carries the older conversation as text: no tool_use or tool_result blocks without tools", async () => {
    let reads = 0;
    const server = await startFakeAnthropicServer((request) => {
      const body = JSON.parse(request.body.toString("utf8")) as AnthropicBody;
      if (body.system?.[0]?.text.startsWith("You summarise")) return anthropicText("Goal: read notes.\nIn progress: reading.");
      reads += 1;
      if (reads > 4) return anthropicText("Done.");
      return sse(messageStart({ input_tokens: Math.ceil(request.body.length / 4), output_tokens: 1 }), ...readFileCall(0, `toolu_${reads}`, "notes.txt"), messageDelta("tool_use"), MESSAGE_STOP);
    });
    servers.push(server);
    const box = providerSandbox();
    writeFileSync(path.join(box.workspace, "notes.txt"), "a note worth reading twice over\n".repeat(200));
    writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify({ context_budget: 5_000 }));
    const run = await box.run(["-p", "TASK-R: read the notes", "--provider", "anthropic", "--output-format", "json"], {
      ANTHROPIC_API_KEY: "sk-ant-test-0000",
      ANTHROPIC_BASE_URL: server.url,
    });
    expect(run.code, run.stdout).toBe(0);
    const bodies = server.requests.map((request) => JSON.parse(request.body.toString("utf8")) as AnthropicBody);
    const summaries = bodies.filter((body) => body.system?.[0]?.text.startsWith("You summarise"));
    expect(summaries.length).toBeGreaterThan(0);
    for (const body of summaries) {
      expect(body.tools).toBeUndefined();
      expect(blockTypes(body).filter((type) => type === "tool_use" || type === "tool_result")).toEqual([]);
      // The calls and results are there, as text.
      expect(JSON.stringify(body.messages)).toMatch(/\[called read_file \{\\"path\\":\\"notes\.txt\\"\}\]/);
      expect(JSON.stringify(body.messages)).toContain("[read_file returned]");
    }
    // The turn's own requests are unchanged: tool blocks with their tools.
    expect(bodies.filter((body) => body.tools !== undefined && blockTypes(body).includes("tool_use")).length).toBeGreaterThan(0);
  });

  it("counts in usage.requests when it is aborted mid-way", async () => {
    const server = await startRoundsModel({
      call: () => [{ name: "read_file", args: { path: "log.txt" } }],
      summary: () => ({ kind: "hang" }),
    });
    servers.push(server);
    const box = providerSandbox();
    writeFileSync(path.join(box.workspace, "log.txt"), "a log line with an error message in it\n".repeat(150));
    writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify({ context_budget: 5_000 }));
    const child = startCli(["-p", "TASK-G: read it ROUNDS=6", "--output-format", "json"], {
      cwd: box.workspace,
      env: { HOME: box.userHome, MINI_AGENT_HOME: box.home, OPENAI_API_KEY: "sk-test-usage-0000", OPENAI_BASE_URL: `${server.url}/v1` },
    });
    await waitFor(() => server.requests.some(isSummaryRequest), 20_000, "a summary request");
    child.kill("SIGINT");
    const run = await collect(child);
    expect(run.code, run.stderr).toBe(130);
    const usage = (JSON.parse(run.stdout) as { usage: { requests: number } }).usage;
    expect(usage.requests).toBe(server.requests.length);
  });
});
