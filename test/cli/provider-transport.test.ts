// The provider transport in the real CLI: requests go over node:http/https, never through
// Node's own fetch (whose WebAssembly parser costs time and memory, ADR 0021), and
// https trusts a certificate named by NODE_EXTRA_CA_CERTS as Node's fetch did; the shell
// parser warm-up hears "request sent" from our fetch and from undici's behind a proxy.
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chunk, DONE, toolDelta } from "../helpers/fake-openai-server.js";
import { HAVE_OPENSSL, selfSignedCertificate } from "../helpers/https-files.js";
import { waitFor } from "../helpers/processes.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";


let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** First request: a run_command call; once the tool result comes back: a text answer. */
function answerChat(body: string): string {
  const answered = (JSON.parse(body) as { messages: { role: string }[] }).messages.some((m) => m.role === "tool");
  if (answered) return chunk({ role: "assistant", content: "It printed hello." }) + chunk({}, "stop") + DONE;
  return (
    chunk({ role: "assistant", content: "" }) +
    chunk(toolDelta(0, { id: "call_1", name: "run_command", args: JSON.stringify({ command: "echo hello" }) })) +
    chunk({}, "tool_calls") +
    DONE
  );
}

function handler(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse): void {
  const parts: Buffer[] = [];
  req.on("data", (part: Buffer) => parts.push(part));
  req.on("end", () => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.end(answerChat(Buffer.concat(parts).toString("utf8")));
  });
}

describe("the provider transport", () => {
  it("a tool round trip over HTTP goes out through node:http: no request carries the headers Node's fetch adds", async () => {
    const seen: import("node:http").IncomingHttpHeaders[] = [];
    server = createServer((req, res) => {
      seen.push(req.headers);
      handler(req, res);
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const box = makeSandbox();
    const run = await runCli(["-p", "say hello", "--yes", "--provider", "openai"], {
      cwd: box.workspace,
      env: { MINI_AGENT_HOME: box.home, OPENAI_API_KEY: "sk-transport-test-0000111122223333", OPENAI_BASE_URL: url },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("It printed hello.");
    expect(seen).toHaveLength(2);
    // Node's fetch (undici) sends these on every request; node:http never does.
    expect(seen.map((headers) => [headers["sec-fetch-mode"], headers["accept-language"]])).toEqual([
      [undefined, undefined],
      [undefined, undefined],
    ]);
    expect(seen.map((headers) => headers["user-agent"])).toEqual([expect.stringMatching(/^mini-agent\//), expect.stringMatching(/^mini-agent\//)]);
  });

  it.skipIf(!HAVE_OPENSSL)("over https trusts a certificate named by NODE_EXTRA_CA_CERTS", async () => {
    const { key, cert } = selfSignedCertificate();
    server = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, handler);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const box = makeSandbox();
    const run = await runCli(["-p", "say hello", "--yes", "--provider", "openai"], {
      cwd: box.workspace,
      env: {
        MINI_AGENT_HOME: box.home,
        NODE_EXTRA_CA_CERTS: cert,
        OPENAI_API_KEY: "sk-transport-test-0000111122223333",
        OPENAI_BASE_URL: `https://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("It printed hello.");
  });

  it("a silent model: the shell parser loads while the first request waits", async () => {
    // mvdan-sh compiles through vm.Script (ADR 0022), unseen by the module probe; its first load
    // in a fresh home writes the code cache, which is the witness.
    const parserCache = (home: string) => path.join(home, "cache", "mvdan-sh.v8-cache");
    const silent = makeSandbox();
    let requests = 0;
    server = createServer((req, res) => {
      requests += 1;
      const first = requests === 1;
      const parts: Buffer[] = [];
      req.on("data", (part: Buffer) => parts.push(part));
      req.on("end", () => {
        const body = Buffer.concat(parts).toString("utf8");
        // The silent model's first answer waits for the parser: without the warm-up it would never come.
        const ready = first ? waitFor(() => existsSync(parserCache(silent.home)), 20_000, "mvdan-sh to load during the first request") : Promise.resolve();
        ready.then(
          () => res.writeHead(200, { "content-type": "text/event-stream" }).end(answerChat(body)),
          () => res.writeHead(500).end(JSON.stringify({ error: { message: "the shell parser was not loaded in time" } })),
        );
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const run = (box: ReturnType<typeof makeSandbox>) =>
      runCli(["-p", "say hello", "--yes", "--provider", "openai"], {
        cwd: box.workspace,
        env: { MINI_AGENT_HOME: box.home, OPENAI_API_KEY: "sk-transport-test-0000111122223333", OPENAI_BASE_URL: url },
      });
    const slow = await run(silent);
    expect(slow.code, slow.stderr).toBe(0);
    expect(slow.stdout).toContain("It printed hello.");
    expect(requests).toBe(2);
  });

  it("behind a proxy (undici's fetch) the shell parser still loads while the first request waits", async () => {
    const box = makeSandbox();
    // mvdan-sh compiles through vm.Script (ADR 0022), unseen by the module probe; its first load
    // in this fresh home writes the code cache, which is the witness.
    const parserLoaded = () => existsSync(path.join(box.home, "cache", "mvdan-sh.v8-cache"));
    const paths: string[] = [];
    const auths: (string | undefined)[] = [];
    // The "proxy" answers itself: undici sends plain-http targets to it as absolute URIs.
    server = createServer((req, res) => {
      paths.push(req.url ?? "");
      auths.push(req.headers.authorization);
      const parts: Buffer[] = [];
      req.on("data", (part: Buffer) => parts.push(part));
      req.on("end", () => {
        const body = Buffer.concat(parts).toString("utf8");
        // The first answer waits for the parser: without the warm-up it would load only on judging this call.
        const ready = paths.length === 1 ? waitFor(parserLoaded, 20_000, "mvdan-sh to load during the first request") : Promise.resolve();
        ready.then(
          () => res.writeHead(200, { "content-type": "text/event-stream" }).end(answerChat(body)),
          () => res.writeHead(500).end(JSON.stringify({ error: { message: "the shell parser was not loaded in time" } })),
        );
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const run = await runCli(["-p", "say hello", "--yes", "--provider", "openai"], {
      cwd: box.workspace,
      env: {
        MINI_AGENT_HOME: box.home,
        HTTP_PROXY: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        OPENAI_API_KEY: "sk-transport-test-0000111122223333",
        OPENAI_BASE_URL: "http://model.test/v1",
      },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("It printed hello.");
    expect(paths).toEqual(["http://model.test/v1/chat/completions", "http://model.test/v1/chat/completions"]);
    // The SDK's own Headers reach undici's fetch intact.
    expect(auths).toEqual(["Bearer sk-transport-test-0000111122223333", "Bearer sk-transport-test-0000111122223333"]);
  });

  it("behind a proxy the Anthropic SDK runs over undici's fetch with its headers and streamed answer intact", async () => {
    const box = makeSandbox();
    const seen: { url: string; headers: import("node:http").IncomingHttpHeaders }[] = [];
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? "", headers: req.headers });
      req.resume();
      req.on("end", () => {
        const event = (type: string, payload: Record<string, unknown>) => `event: ${type}\ndata: ${JSON.stringify({ type, ...payload })}\n\n`;
        res.writeHead(200, { "content-type": "text/event-stream", "request-id": "req_proxy_1" });
        res.end(
          event("message_start", { message: { id: "msg_1", type: "message", role: "assistant", model: "m", content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 3, output_tokens: 1 } } }) +
            event("content_block_start", { index: 0, content_block: { type: "text", text: "" } }) +
            event("content_block_delta", { index: 0, delta: { type: "text_delta", text: "Proxied hello." } }) +
            event("content_block_stop", { index: 0 }) +
            event("message_delta", { delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 3 } }) +
            event("message_stop", {}),
        );
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const run = await runCli(["-p", "say hello", "--provider", "anthropic"], {
      cwd: box.workspace,
      env: {
        MINI_AGENT_HOME: box.home,
        HTTP_PROXY: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        ANTHROPIC_API_KEY: "sk-ant-proxy-test-0000111122223333",
        ANTHROPIC_BASE_URL: "http://model.test",
      },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("Proxied hello.\n");
    expect(seen.map((request) => request.url)).toEqual(["http://model.test/v1/messages"]);
    const headers = seen[0]!.headers;
    expect([headers["x-api-key"], headers.authorization].filter(Boolean)).toHaveLength(1);
    expect(headers["anthropic-version"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(headers["user-agent"]).toMatch(/^mini-agent\//);
    expect(headers["content-type"]).toBe("application/json");
  });
});
