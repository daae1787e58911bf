// The floor under the one-tool round trip: what any Node agent on the OpenAI SDK pays for the
// same task with none of mini-agent's engine. Node starts, loads the SDK as mini-agent bundles
// it, sends the first request through a fetch over node:http (as ours does, ADR 0021), runs the
// shell call in bubblewrap (plain bash where there is none), sends the second request, prints
// the answer. No config, trust, session file, redaction, approval or sandbox view. bench/peers.mjs
// runs it beside mini-agent and the peers: the gap between it and mini-agent is the engine's.
"use strict";
const { spawn, spawnSync } = require("node:child_process");
const { readFileSync } = require("node:fs");
const http = require("node:http");
const os = require("node:os");
const path = require("node:path");
const { Readable } = require("node:stream");

const dist = path.join(__dirname, "..", "dist");
const sources = JSON.parse(readFileSync(path.join(dist, "bundle-sources.json"), "utf8"));
const chunk = Object.keys(sources).find((file) => sources[file].includes("node_modules/openai/client.mjs"));
const OpenAI = require(path.join(dist, "..", chunk)).default;

function fetchOverHttp(url, init) {
  return new Promise((resolve, reject) => {
    const headers = Object.fromEntries(init.headers.entries ? init.headers.entries() : Object.entries(init.headers));
    const request = http.request(url, { method: init.method, headers }, (res) => {
      resolve(new Response(Readable.toWeb(res), { status: res.statusCode, headers: res.headers }));
    });
    request.on("error", reject);
    request.end(init.body);
  });
}

const client = new OpenAI({ apiKey: process.env.OPENAI_API_KEY, baseURL: process.env.OPENAI_BASE_URL, fetch: fetchOverHttp, maxRetries: 0 });
const tools = [{ type: "function", function: { name: "run_command", parameters: { type: "object", properties: { command: { type: "string" } } } } }];
const ask = async (messages) => (await client.chat.completions.create({ model: "m", stream: true, messages, tools }).asResponse()).text();
const sandboxed = spawnSync("bwrap", ["--version"]).status === 0;
const argv = ["bash", "-lc", "echo hello"];
const confined = sandboxed
  ? // The home is replaced, as mini-agent's sandbox replaces it: a login shell then reads no profile of the user's.
    ["bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-pid", "--die-with-parent", "--unshare-net", "--tmpfs", "/run", "--tmpfs", os.homedir(), "--", ...argv]
  : argv;

async function main() {
  const messages = [{ role: "user", content: process.argv[2] ?? "say hello" }];
  await ask(messages);
  const output = await new Promise((resolve, reject) => {
    const child = spawn(confined[0], confined.slice(1));
    let text = "";
    child.stdout.on("data", (data) => (text += data));
    child.on("error", reject);
    child.on("close", () => resolve(text));
  });
  messages.push(
    { role: "assistant", tool_calls: [{ id: "call_1", type: "function", function: { name: "run_command", arguments: JSON.stringify({ command: "echo hello" }) } }] },
    { role: "tool", tool_call_id: "call_1", content: output },
  );
  const answer = await ask(messages);
  const text = [...answer.matchAll(/"content":"([^"]*)"/g)].map((match) => match[1]).join("");
  process.stdout.write(`${text}\n`);
}

main().catch((error) => {
  process.stderr.write(`round-trip-floor: ${error.stack ?? error}\n`);
  process.exitCode = 1;
});
