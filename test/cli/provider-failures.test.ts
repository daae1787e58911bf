// Provider failures seen through the CLI: exit codes, what stderr and stream-json say, what
// stays on disk, and that a cut-off session resumes with what had arrived.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { chatText, chunk, DONE, sse, startScriptedServer, status, toolDelta, type FakeServer, type Step } from "../helpers/fake-openai-server.js";
import { eventsOfType, messagesOf, providerSandbox, streamEvents } from "../helpers/provider-cli.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";

const KEY = "sk-failure-test-key-9999gggg0000hhhh";

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function openAiRun(script: Step[], args: string[] = []) {
  const server = await startScriptedServer(script);
  servers.push(server);
  const box = providerSandbox();
  const env = { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${server.url}/v1` };
  const run = await box.run(["-p", "do the thing", ...args], env);
  return { server, box, env, run };
}

describe("provider failures through the CLI", () => {
  it("401: exit 1, names where the key came from, never the key", async () => {
    const { run, server } = await openAiRun([
      status(401, { error: { message: `Incorrect API key provided: ${KEY}.`, type: "invalid_request_error", code: "invalid_api_key" } }),
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/rejected the API key \(401\)/);
    expect(run.stderr).toContain("env OPENAI_API_KEY");
    expect(run.stdout + run.stderr).not.toContain(KEY);
    expect(server.requests).toHaveLength(1); // an auth failure is not retried
  });

  it("a proxy's HTML error page: one short line on stderr, in the retry lines and in the session file, not the page", async () => {
    const page = `<!DOCTYPE html>\n<html>\n<head><title>502 Bad Gateway</title></head>\n<body>\n${"<p>cloudflare says no</p>\n".repeat(300)}</body>\n</html>\n`;
    const { run, box } = await openAiRun([0, 1, 2, 3, 4, 5].map(() => status(502, page, { "retry-after-ms": "1", "content-type": "text/html" })));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/502 Bad Gateway: an HTML page \(\d+ characters\) instead of the API's error, likely from a proxy/);
    expect(run.stderr).not.toContain("cloudflare says no");
    expect(run.stderr.split("\n").every((line) => line.length < 600)).toBe(true);
    const errors = eventLines(onlySessionFile(box.home)).filter((event) => event.type === "error");
    expect(errors.length).toBeGreaterThan(0);
    for (const event of errors) expect(String(event.message)).not.toContain("<p>");
  });

  it("429 with retry-after-ms: retries after the asked wait, publishes a retry event, exit 0", async () => {
    const { run, server } = await openAiRun(
      [status(429, { error: { message: "Rate limit reached", type: "requests", code: "rate_limit_exceeded" } }, { "retry-after-ms": "10" }), chatText("Done after a retry.")],
      ["--output-format", "stream-json"],
    );
    expect(run.code, run.stderr).toBe(0);
    const events = streamEvents(run.stdout);
    expect(eventsOfType(events, "retry")).toEqual([
      expect.objectContaining({ attempt: 1, delayMs: 10, reason: expect.stringMatching(/^429/) }),
    ]);
    expect(eventsOfType(events, "assistant.message").map((event) => event["text"])).toEqual(["Done after a retry."]);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.body.equals(server.requests[0]!.body)).toBe(true);
    // The event is on stdout; a person watching stderr hears of the retry too, as in text mode.
    expect(run.stderr).toMatch(/^… retrying \(attempt 1, in 10 ms\): 429/m);
  });

  it("json: usage.requests counts every request sent (a refused one, one without usage), and each retry is a line on stderr", async () => {
    const { run, server } = await openAiRun(
      [
        status(429, { error: { message: "Rate limit reached", type: "requests", code: "rate_limit_exceeded" } }, { "retry-after-ms": "10" }),
        // A step whose response reports no usage is a request all the same.
        sse(chunk({ role: "assistant", content: "" }), chunk(toolDelta(0, { id: "call_l1", name: "list_files", args: "{}" })), chunk({}, "tool_calls"), DONE),
        chatText("Done."),
      ],
      ["--output-format", "json"],
    );
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { rounds: number; usage: { requests: number; input_tokens: number } };
    expect(server.requests).toHaveLength(3);
    expect(result.rounds).toBe(2);
    expect(result.usage).toMatchObject({ requests: 3, input_tokens: 10 });
    expect(run.stderr).toMatch(/^… retrying \(attempt 1, in 10 ms\): 429/m);
  });

  it("Kimi 403 access_terminated_error: exit 1 with the plain explanation", async () => {
    const server = await startScriptedServer([
      status(403, {
        error: {
          message: "Kimi For Coding is currently only available for Coding Agents such as Kimi CLI, Claude Code, Roo Code, Kilo Code, etc.",
          type: "access_terminated_error",
        },
      }),
    ]);
    servers.push(server);
    const box = providerSandbox();
    const run = await box.run(["-p", "hi"], { KIMI_API_KEY: KEY, KIMI_BASE_URL: `${server.url}/coding/v1` });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/refused this client \(403 access_terminated_error\)/);
    expect(run.stderr).toMatch(/does not pretend to be one/);
    expect(run.stderr).toMatch(/--provider moonshot and MOONSHOT_API_KEY/);
    expect(run.stderr).not.toContain(KEY);
  });

  it("context overflow: exit 1 and an error event of kind context_length", async () => {
    const { run } = await openAiRun(
      [
        status(400, {
          error: {
            message: "This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens.",
            type: "invalid_request_error",
            code: "context_length_exceeded",
          },
        }),
      ],
      ["--output-format", "stream-json"],
    );
    expect(run.code).toBe(1);
    const errors = eventsOfType(streamEvents(run.stdout), "error");
    expect(errors).toEqual([expect.objectContaining({ kind: "context_length", message: expect.stringMatching(/context window of gpt-5/) })]);
    expect(eventsOfType(streamEvents(run.stdout), "turn.ended")[0]).toMatchObject({ stopReason: "error" });
  });

  it("a stream cut after some text: exit 1, the text kept, and -c resumes with it", async () => {
    const cut: Step = { kind: "sse", chunks: [chunk({ role: "assistant", content: "" }), chunk({ content: "Half an ans" })], destroy: true };
    const { run, server, box, env } = await openAiRun([cut, chatText("Picking up again.")]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/error \(stream\)/);
    expect(run.stderr).toMatch(/what arrived is kept/);
    expect(server.requests).toHaveLength(1); // output had begun: no blind retry

    const file = onlySessionFile(box.home);
    // The cut stream's message is kept whole, marked partial; its deltas were live only.
    expect(eventsOfType(eventLines(file), "assistant.message")).toEqual([expect.objectContaining({ text: "Half an ans", partial: true })]);
    expect(eventsOfType(eventLines(file), "assistant.delta")).toEqual([]);
    expect(eventsOfType(eventLines(file), "step.ended")).toEqual([expect.objectContaining({ finishReason: "error" })]);

    const resumed = await box.run(["-p", "go on", "-c"], env);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toBe("Picking up again.\n");
    const messages = messagesOf(server, 1);
    expect(messages.slice(1)).toEqual([
      { role: "user", content: "do the thing" },
      { role: "assistant", content: "Half an ans" },
      { role: "user", content: "go on" },
    ]);
    expect(readFileSync(file, "utf8")).not.toContain(KEY);
  });
});

describe("answers that completed without being whole", () => {
  const answer = (text: string, finish: string) => sse(chunk({ role: "assistant", content: text }), chunk({}, finish), DONE);

  it("cut at the token limit: text mode says so on stderr, exit 1", async () => {
    const { run } = await openAiRun([answer("truncated answ", "length")]);
    expect(run.stdout).toBe("truncated answ\n");
    expect(run.stderr).toMatch(/^mini-agent: the answer was cut off at the model's output-token limit; it is incomplete$/m);
    expect(run.code).toBe(1);
  });

  it("refused (content_filter): json says stop_reason refusal and is_error, stderr says so, exit 1", async () => {
    const { run } = await openAiRun([answer("", "content_filter")], ["--output-format", "json"]);
    expect(JSON.parse(run.stdout)).toMatchObject({ final_text: "", is_error: true, stop_reason: "refusal" });
    expect(run.stderr).toMatch(/^mini-agent: the provider refused to answer/m);
    expect(run.code).toBe(1);
  });

  it("json says max_tokens for a cut answer", async () => {
    const { run } = await openAiRun([answer("half", "length")], ["--output-format", "json"]);
    expect(JSON.parse(run.stdout)).toMatchObject({ final_text: "half", is_error: true, stop_reason: "max_tokens" });
    expect(run.code).toBe(1);
  });

  it("an empty answer is said on stderr, exit 0", async () => {
    const { run } = await openAiRun([answer("", "stop")]);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^mini-agent: the model returned an empty answer$/m);
    expect(run.code).toBe(0);
  });
});
