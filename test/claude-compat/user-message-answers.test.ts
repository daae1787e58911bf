// Every user message on the Claude-compatible face gets one `result`, in the order the messages
// came, as a client that waits for each message's result (the Agent SDK's streaming input)
// needs: an image alone runs as a prompt; a message that cannot run (a bad image, a type
// providers refuse, nothing to send) is answered by an error result with the reason; a queued
// message an interrupt drops is answered too, after the interrupted turn's result. The real
// CLI with stdin held open, a fake OpenAI server; asserts on stdout's lines and the requests.
import { afterEach, describe, expect, it } from "vitest";
import { chatText, startScriptedServer, type FakeServer, type Step } from "../helpers/fake-openai-server.js";
import { messagesOf, providerSandbox, streamEvents } from "../helpers/provider-cli.js";
import { waitFor } from "../helpers/processes.js";
import { startCli } from "../helpers/run-cli.js";

const KEY = "sk-openai-test-key-0000aaaa1111bbbb2222";
const BASE = ["--output-format", "stream-json", "--verbose", "--input-format", "stream-json"];
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

const image = (mediaType: string, data: string) => ({ type: "image", source: { type: "base64", media_type: mediaType, data } });
const user = (content: unknown) => `${JSON.stringify({ type: "user", message: { role: "user", content }, parent_tool_use_id: null })}\n`;

/** The CLI on a fake server, stdin open; `results()` are the result lines so far. */
async function start(script: Step[]) {
  const server = await startScriptedServer(script);
  servers.push(server);
  const box = providerSandbox();
  const child = startCli(BASE, { cwd: box.workspace, env: { HOME: box.userHome, MINI_AGENT_HOME: box.home, OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${server.url}/v1` } });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (text: string) => (stdout += text));
  child.stderr!.setEncoding("utf8").on("data", (text: string) => (stderr += text));
  const done = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const results = () => streamEvents(stdout).filter((message) => message["type"] === "result");
  const awaitResults = (count: number) => waitFor(() => results().length >= count, 20_000, `result ${count}; stdout: ${stdout}; stderr: ${stderr}`);
  return { server, child, done, results, awaitResults, stderr: () => stderr };
}

describe("every user message gets a result", () => {
  it("runs an image alone as a prompt, and answers a bad image, a type providers refuse and an empty message with an error result", async () => {
    const cli = await start([chatText("A screenshot of one pixel.")]);
    cli.child.stdin!.write(user([image("image/png", PNG)]));
    await cli.awaitResults(1);
    cli.child.stdin!.write(user([{ type: "text", text: "what is this?" }, image("image/png", "!!!notbase64")]));
    await cli.awaitResults(2);
    cli.child.stdin!.write(user([{ type: "text", text: "and this?" }, image("image/bmp", PNG)]));
    await cli.awaitResults(3);
    cli.child.stdin!.write(user([{ type: "document", source: { type: "text", data: "x" } }]));
    await cli.awaitResults(4);
    cli.child.stdin!.end();
    expect(await cli.done).toBe(0);

    const [ran, badBase64, bmp, empty] = cli.results();
    expect(ran).toMatchObject({ subtype: "success", is_error: false, result: "A screenshot of one pixel." });
    expect(messagesOf(cli.server, 0)[1]).toEqual({ role: "user", content: [{ type: "image_url", image_url: { url: `data:image/png;base64,${PNG}` } }] });
    const refused = { type: "result", subtype: "error_during_execution", is_error: true, num_turns: 0, session_id: ran!["session_id"] };
    expect(badBase64).toMatchObject({ ...refused, errors: [expect.stringMatching(/image 0: base64 is not valid base64/)] });
    expect(bmp).toMatchObject({ ...refused, errors: [expect.stringMatching(/image 0: mediaType "image\/bmp" is not one of/)] });
    expect(empty).toMatchObject({ ...refused, errors: ["a user message was not run: the user message has no text and no base64 image to send"] });
    expect(cli.server.requests).toHaveLength(1);
  });

  it("answers in order: a refusal waits behind the running turn's result, and a queued message an interrupt drops is answered after it", async () => {
    const cli = await start([{ kind: "hang" }]);
    cli.child.stdin!.write(user("take your time"));
    await waitFor(() => cli.server.requests.length === 1, 20_000, "the first request");
    cli.child.stdin!.write(user([image("image/bmp", PNG)]) + user("and then this"));
    await waitFor(() => cli.stderr().includes('mediaType "image/bmp"'), 20_000, "the refusal on stderr");
    // The refusal is known, but the turn before it has not ended: nothing answered yet.
    expect(cli.results()).toEqual([]);
    cli.child.stdin!.write(`${JSON.stringify({ type: "control_request", request_id: "int-1", request: { subtype: "interrupt" } })}\n`);
    await cli.awaitResults(3);
    cli.child.stdin!.end();
    expect(await cli.done).toBe(0);

    const [interrupted, bmp, dropped] = cli.results();
    expect(interrupted).toMatchObject({ subtype: "error_during_execution", errors: [expect.stringContaining("interrupted")] });
    expect(bmp).toMatchObject({ subtype: "error_during_execution", errors: [expect.stringMatching(/image 0: mediaType "image\/bmp"/)] });
    expect(dropped).toMatchObject({ subtype: "error_during_execution", is_error: true, errors: [expect.stringMatching(/^the message did not run: /)] });
    expect(cli.server.requests).toHaveLength(1);
  });
});
