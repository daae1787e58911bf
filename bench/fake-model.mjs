// A fake model for the round-trip benches, served from a worker thread so it keeps answering
// while a bench blocks in spawnSync. It speaks the three APIs the agents measured here use:
// OpenAI chat completions (mini-agent, pi), OpenAI Responses (Codex) and Anthropic Messages
// (Claude Code), in the streaming shapes docs/providers.md records. Stateless, so interleaved
// runs do not disturb it: a request with no tool result yet gets a call of the agent's shell
// tool (`echo hello`), one with a result gets the final text.
import { createServer } from "node:http";
import { isMainThread, parentPort, Worker } from "node:worker_threads";

const ANSWER = "It printed hello.";

const chunk = (delta, finish = null) =>
  `data: ${JSON.stringify({ id: "b", object: "chat.completion.chunk", created: 0, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

function chat(body) {
  if (body.messages.some((message) => message.role === "tool")) return [chunk({ role: "assistant", content: ANSWER }), chunk({}, "stop"), "data: [DONE]\n\n"].join("");
  const names = (body.tools ?? []).map((tool) => tool.function?.name);
  // mini-agent's `run_command`, pi's `bash`: both take `{command}`.
  const name = names.includes("run_command") ? "run_command" : "bash";
  const call = { index: 0, id: "call_1", type: "function", function: { name, arguments: JSON.stringify({ command: "echo hello" }) } };
  return [chunk({ role: "assistant", content: "" }), chunk({ tool_calls: [call] }), chunk({}, "tool_calls"), "data: [DONE]\n\n"].join("");
}

function responses(body) {
  let sequence = 0;
  const event = (type, data) => `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...data })}\n\n`;
  const answered = (body.input ?? []).some((item) => item.type === "function_call_output");
  const names = (body.tools ?? []).map((tool) => tool.name);
  // Codex's shell tools, newest first: `exec_command {cmd}`, then `shell {command: argv}`.
  const item = answered
    ? { id: "msg_1", type: "message", status: "completed", role: "assistant", content: [{ type: "output_text", text: ANSWER, annotations: [] }] }
    : names.includes("exec_command")
      ? { id: "fc_1", type: "function_call", status: "completed", call_id: "call_1", name: "exec_command", arguments: JSON.stringify({ cmd: "echo hello" }) }
      : { id: "fc_1", type: "function_call", status: "completed", call_id: "call_1", name: "shell", arguments: JSON.stringify({ command: ["bash", "-lc", "echo hello"] }) };
  const response = { id: "resp_1", object: "response", created_at: 0, status: "in_progress", model: body.model, output: [], usage: null };
  const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };
  return [
    event("response.created", { response }),
    event("response.output_item.done", { output_index: 0, item }),
    event("response.completed", { response: { ...response, status: "completed", output: [item], usage } }),
  ].join("");
}

function messages(body) {
  const event = (type, data) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  const answered = body.messages.some((message) => Array.isArray(message.content) && message.content.some((block) => block.type === "tool_result"));
  const callsBash = !answered && (body.tools ?? []).some((tool) => tool.name === "Bash");
  const block = callsBash ? { type: "tool_use", id: "toolu_1", name: "Bash", input: {} } : { type: "text", text: "" };
  const delta = callsBash
    ? { type: "input_json_delta", partial_json: JSON.stringify({ command: "echo hello", description: "Print hello" }) }
    : { type: "text_delta", text: answered ? ANSWER : "ok" };
  return [
    event("message_start", { message: { id: "msg_1", type: "message", role: "assistant", model: body.model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } } }),
    event("content_block_start", { index: 0, content_block: block }),
    event("content_block_delta", { index: 0, delta }),
    event("content_block_stop", { index: 0 }),
    event("message_delta", { delta: { stop_reason: callsBash ? "tool_use" : "end_turn", stop_sequence: null }, usage: { output_tokens: 5 } }),
    event("message_stop", {}),
  ].join("");
}

function answer(url, body) {
  if (url.includes("/chat/completions")) return chat(body);
  if (url.includes("/responses")) return responses(body);
  if (url.includes("/messages")) return messages(body);
  return undefined;
}

function serve() {
  const server = createServer((req, res) => {
    const parts = [];
    req.on("data", (part) => parts.push(part));
    req.on("end", () => {
      const text = Buffer.concat(parts).toString("utf8");
      const body = req.method === "POST" && text ? JSON.parse(text) : undefined;
      // Claude Code asks for a token count and a title without streaming: a plain answer.
      if (body && req.url.includes("/messages") && (req.url.includes("count_tokens") || !body.stream)) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ input_tokens: 10, id: "msg_0", type: "message", role: "assistant", model: body.model, content: [{ type: "text", text: "ok" }], stop_reason: "end_turn", stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } }));
        return;
      }
      const stream = body && answer(req.url, body);
      if (!stream) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { type: "not_found_error", message: `the bench's fake model does not serve ${req.method} ${req.url}` } }));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(stream);
    });
  });
  server.listen(0, "127.0.0.1", () => parentPort.postMessage(server.address().port));
}

/** Starts the server in a worker; resolves with its base URL (`…/v1`), its origin and a stop function. */
export function startFakeModel() {
  const worker = new Worker(new URL(import.meta.url));
  return new Promise((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", (port) => resolve({ url: `http://127.0.0.1:${port}/v1`, origin: `http://127.0.0.1:${port}`, stop: () => worker.terminate() }));
  });
}

if (!isMainThread) serve();
