// Issue 22: `submit {text, images}` over `mini-agent rpc`, end to end against a fake OpenAI
// server. The image reaches the provider in the user message, the session file keeps it on the
// turn, a session resumed with -c sends it again, a queued prompt keeps it (its queue event
// does not carry the bytes), and a bad image is refused by index with no request sent.
import { describe, expect, it } from "vitest";
import { chatText, startScriptedServer, type FakeServer } from "../helpers/fake-openai-server.js";
import { messagesOf, providerSandbox, type ProviderSandbox } from "../helpers/provider-cli.js";
import { startRpc, stoppedAfterEach, type RpcClient } from "../helpers/rpc-client.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";

const KEY = "sk-openai-prompt-img-0000aaaa1111bbbb";
// A valid 1×1 PNG.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const IMAGE_PART = { type: "image_url", image_url: { url: `data:image/png;base64,${PNG}` } };

const { servers, clients } = stoppedAfterEach();

function env(box: ProviderSandbox, server: FakeServer): Record<string, string> {
  return { HOME: box.userHome, MINI_AGENT_HOME: box.home, OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${server.url}/v1` };
}

function rpcOn(box: ProviderSandbox, server: FakeServer): RpcClient {
  const rpc = startRpc(["--provider", "openai"], { cwd: box.workspace, env: env(box, server) });
  clients.push(rpc);
  return rpc;
}

async function shutdown(rpc: RpcClient): Promise<void> {
  rpc.send({ id: "bye", op: "shutdown" });
  expect(await rpc.exit()).toEqual({ code: 0, signal: null });
}

describe("submit with images over rpc", () => {
  it("sends the image with the prompt, keeps it in the session file, and sends it again after -c", async () => {
    const server = await startScriptedServer([chatText("A single pixel."), chatText("Still one pixel.")]);
    servers.push(server);
    const box = providerSandbox();
    const rpc = rpcOn(box, server);
    // Line breaks inside the base64 (as `base64` prints it) are taken out.
    rpc.send({ id: "s1", op: "submit", text: "what is this?", images: [{ mediaType: "image/png", base64: `${PNG.slice(0, 40)}\n${PNG.slice(40)}` }] });
    expect(await rpc.result("s1")).toMatchObject({ ok: true, value: { prompt: "what is this?" } });
    await rpc.waitForEvent((event) => event.type === "turn.ended", "the turn's end");
    expect(rpc.events().find((event) => event.type === "turn.started")).toMatchObject({ prompt: "what is this?", images: [{ mediaType: "image/png", base64: PNG }] });
    await shutdown(rpc);

    expect(messagesOf(server, 0)[1]).toEqual({ role: "user", content: [{ type: "text", text: "what is this?" }, IMAGE_PART] });
    const started = eventLines(onlySessionFile(box.home)).filter((event) => event["type"] === "turn.started");
    expect(started).toEqual([expect.objectContaining({ images: [{ mediaType: "image/png", base64: PNG }] })]);

    const resumed = await box.run(["-p", "and now?", "-c", "--provider", "openai"], env(box, server));
    expect(resumed.code, resumed.stderr).toBe(0);
    const messages = messagesOf(server, 1);
    expect(messages.map((message) => message["role"])).toEqual(["system", "user", "assistant", "user"]);
    expect(messages[1]).toEqual({ role: "user", content: [{ type: "text", text: "what is this?" }, IMAGE_PART] });
  });

  it("a queued prompt keeps its image: the queue event names the prompt, the turn's request carries the bytes", async () => {
    const server = await startScriptedServer([chatText("first"), chatText("second")]);
    servers.push(server);
    const box = providerSandbox();
    const rpc = rpcOn(box, server);
    // One write: the second op arrives while the first turn runs, so it waits in the queue.
    rpc.sendLine(
      [
        JSON.stringify({ id: "s1", op: "submit", text: "one" }),
        JSON.stringify({ id: "s2", op: "submit", text: "two", images: [{ mediaType: "image/png", base64: PNG }] }),
      ].join("\n"),
    );
    expect(await rpc.result("s2")).toMatchObject({ ok: true });
    await rpc.waitForEvent((event) => event.type === "turn.ended" && rpc.events().filter((e) => e.type === "turn.ended").length === 2, "both turns' ends");
    const queued = rpc.events().find((event) => event.type === "prompt.queued");
    expect(queued).toMatchObject({ prompt: "two" });
    expect(JSON.stringify(queued)).not.toContain(PNG);
    await shutdown(rpc);

    expect(messagesOf(server, 0)[1]).toEqual({ role: "user", content: "one" });
    expect(messagesOf(server, 1).at(-1)).toEqual({ role: "user", content: [{ type: "text", text: "two" }, IMAGE_PART] });
  });

  it("an image alone is a prompt: it runs and reaches the provider without an empty text part; blank text alone is refused", async () => {
    const server = await startScriptedServer([chatText("A screenshot of one pixel.")]);
    servers.push(server);
    const box = providerSandbox();
    const rpc = rpcOn(box, server);
    rpc.send({ id: "blank", op: "submit", text: "  " });
    expect(await rpc.result("blank")).toMatchObject({ ok: false, op: "submit", error: "the prompt has no text and no images; nothing was sent" });
    rpc.send({ id: "only", op: "submit", text: "", images: [{ mediaType: "image/png", base64: PNG }] });
    expect(await rpc.result("only")).toMatchObject({ ok: true, value: { prompt: "" } });
    await rpc.waitForEvent((event) => event.type === "turn.ended", "the turn's end");
    await shutdown(rpc);
    expect(server.requests).toHaveLength(1);
    expect(messagesOf(server, 0)[1]).toEqual({ role: "user", content: [IMAGE_PART] });
  });

  it("refuses a bad image by its index and what is wrong; nothing starts and no request is sent", async () => {
    const server = await startScriptedServer([chatText("never asked")]);
    servers.push(server);
    const box = providerSandbox();
    const rpc = rpcOn(box, server);
    const good = { mediaType: "image/png", base64: PNG };
    const tooLarge = "A".repeat(4 * Math.ceil((5 * 1024 * 1024 + 1) / 3));
    const cases: [Record<string, unknown>[], RegExp][] = [
      [[{ mediaType: "image/tiff", base64: PNG }], /^image 0: mediaType "image\/tiff" is not one of image\/png, image\/jpeg, image\/gif, image\/webp/],
      [[good, { mediaType: "image/png", base64: "not base64!" }], /^image 1: base64 is not valid base64/],
      [[{ mediaType: "image/png", base64: "" }], /^image 0: base64 is empty/],
      [[good, good, { mediaType: "image/png", base64: tooLarge }], /^image 2: \d+ bytes is over the limit of 5242880 bytes per image/],
      [[{ mediaType: "image/png", base64: Buffer.from("just some text, not a picture").toString("base64") }], /^image 0: its bytes are not a PNG, JPEG, GIF or WebP image/],
    ];
    for (const [index, [images, error]] of cases.entries()) {
      rpc.send({ id: `bad${index}`, op: "submit", text: "look", images });
      const result = await rpc.result(`bad${index}`);
      expect(result).toMatchObject({ ok: false, op: "submit" });
      expect(result.error).toMatch(error);
    }
    await shutdown(rpc);
    expect(rpc.events().filter((event) => event.type === "turn.started" || event.type === "prompt.queued")).toEqual([]);
    expect(server.requests).toEqual([]);
  });
});
