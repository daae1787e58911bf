// The floor under the one-tool round trip: what any Node agent on the OpenAI SDK pays for the
// same task with none of mini-agent's engine. Node starts, loads mini-agent's own transport
// from the bundle (the SDK over our fetch on node:http, sdk-transport.ts, ADR 0021), sends the
// first request, runs the shell call in bubblewrap (plain bash where there is none), sends the
// second request, prints the answer. No config, trust, session file, redaction, approval or
// sandbox view. bench/peers.mjs runs it beside mini-agent and the peers: the gap between it and
// mini-agent is the engine's.
"use strict";
const { spawn, spawnSync } = require("node:child_process");
const { readFileSync } = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const dist = path.join(__dirname, "..", "dist");
const sources = JSON.parse(readFileSync(path.join(dist, "bundle-sources.json"), "utf8"));
const chunk = Object.keys(sources).find((file) => sources[file].includes("src/engine/llm/transport/sdk-transport.ts"));
const { openAiTransports } = require(path.join(dist, "..", chunk));

const tools = [{ type: "function", function: { name: "run_command", parameters: { type: "object", properties: { command: { type: "string" } } } } }];
const sandboxed = spawnSync("bwrap", ["--version"]).status === 0;
const argv = ["bash", "-lc", "echo hello"];
const confined = sandboxed
  ? // The home is replaced, as mini-agent's sandbox replaces it: a login shell then reads no profile of the user's.
    ["bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-pid", "--die-with-parent", "--unshare-net", "--tmpfs", "/run", "--tmpfs", os.homedir(), "--", ...argv]
  : argv;

async function main() {
  const { chat } = await openAiTransports({ apiKey: process.env.OPENAI_API_KEY, baseUrl: process.env.OPENAI_BASE_URL, version: "floor" });
  const ask = async (messages) => (await chat({ model: "m", stream: true, messages, tools })).text();
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
