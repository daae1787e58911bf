// A fake OpenAI-compatible model for the round-trip bench, served from a worker thread so it
// keeps answering while the bench blocks in spawnSync. Stateless, so interleaved runs do not
// disturb it: a request without a tool result gets a run_command call, one with a result gets
// the final text.
import { createServer } from "node:http";
import { isMainThread, parentPort, Worker } from "node:worker_threads";

const sse = (delta, finish = null) =>
  `data: ${JSON.stringify({ id: "b", object: "chat.completion.chunk", created: 0, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

const CALL = [
  sse({ role: "assistant", content: "" }),
  sse({ tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "run_command", arguments: '{"command":"echo hello"}' } }] }),
  sse({}, "tool_calls"),
  "data: [DONE]\n\n",
].join("");
const TEXT = [sse({ role: "assistant", content: "It printed hello." }), sse({}, "stop"), "data: [DONE]\n\n"].join("");

function serve() {
  const server = createServer((req, res) => {
    const parts = [];
    req.on("data", (part) => parts.push(part));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(parts).toString("utf8"));
      const answered = body.messages.some((message) => message.role === "tool");
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(answered ? TEXT : CALL);
    });
  });
  server.listen(0, "127.0.0.1", () => parentPort.postMessage(server.address().port));
}

/** Starts the server in a worker; resolves with its base URL and a stop function. */
export function startFakeModel() {
  const worker = new Worker(new URL(import.meta.url));
  return new Promise((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", (port) => resolve({ url: `http://127.0.0.1:${port}/v1`, stop: () => worker.terminate() }));
  });
}

if (!isMainThread) serve();
