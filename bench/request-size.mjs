// The size of the first request `mini-agent -p "hello"` sends (issue 3): every later request
// repeats this prefix, so it is what each turn pays before the conversation starts. Measured
// against a fake OpenAI-compatible server on 127.0.0.1 that this bench starts and stops.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("../bin/mini-agent.cjs", import.meta.url));
const TIMEOUT_MS = 20_000;
/** Issue 14's budget for the first request with the full default tool set. */
const MAX_BYTES = 8_500;

const sseChunk = (delta, finish = null) =>
  `data: ${JSON.stringify({ id: "b", object: "chat.completion.chunk", created: 0, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

/** Records request bodies and answers each with a one-word chat stream. */
async function startServer() {
  const bodies = [];
  const server = createServer((req, res) => {
    const parts = [];
    req.on("data", (part) => parts.push(part));
    req.on("end", () => {
      bodies.push(Buffer.concat(parts));
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(sseChunk({ role: "assistant", content: "hi" }) + sseChunk({}, "stop") + "data: [DONE]\n\n");
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, bodies, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Runs the CLI with a clean environment; resolves with its exit code, killed after TIMEOUT_MS. */
function runCli(args, { cwd, env }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (text) => (stderr += text));
    const timer = setTimeout(() => child.kill("SIGKILL"), TIMEOUT_MS);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

const bytes = (value) => Buffer.byteLength(typeof value === "string" ? value : JSON.stringify(value));
const fmt = (n) => n.toLocaleString("en-US");

export default async function requestSize() {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "mini-agent-bench-request-"));
  const [workspace, home, agentHome] = ["workspace", "home", "agent-home"].map((name) => path.join(scratch, name));
  for (const dir of [workspace, home, agentHome]) mkdirSync(dir, { recursive: true });
  const server = await startServer();
  try {
    const env = {
      PATH: process.env.PATH ?? "",
      HOME: home,
      MINI_AGENT_HOME: agentHome,
      OPENAI_API_KEY: "sk-bench-dummy-key-000000000000",
      OPENAI_BASE_URL: `${server.url}/v1`,
    };
    const run = await runCli(["-p", "hello", "--provider", "openai"], { cwd: workspace, env });
    const first = server.bodies[0];
    if (run.code !== 0 || !first) {
      return { lines: [`first request (openai chat): not measured (exit ${run.code}): ${run.stderr.trim().split("\n").at(-1) ?? ""}`], figures: null };
    }
    const body = JSON.parse(first.toString("utf8"));
    const system = body.messages.find((message) => message.role === "system")?.content ?? "";
    const tools = body.tools ?? [];
    const perTool = tools
      .map((tool) => ({
        name: tool.function.name,
        total: bytes(tool),
        description: bytes(tool.function.description),
        schema: bytes(tool.function.parameters),
      }))
      .sort((a, b) => b.total - a.total);
    const budget = first.length <= MAX_BYTES ? "ok" : "OVER";
    return {
      lines: [
        `first request (openai chat): ${fmt(first.length)} B (system ${fmt(bytes(system))}, tools ${fmt(bytes(tools))} for ${tools.length} tools)   budget ≤ ${fmt(MAX_BYTES)} B  ${budget}`,
        `  ${"tool".padEnd(14)} ${"total".padStart(6)} ${"description".padStart(12)} ${"schema".padStart(7)}`,
        ...perTool.map((tool) => `  ${tool.name.padEnd(14)} ${fmt(tool.total).padStart(6)} ${fmt(tool.description).padStart(12)} ${fmt(tool.schema).padStart(7)}`),
      ],
      figures: { bytes: first.length, systemBytes: bytes(system), toolsBytes: bytes(tools), tools: perTool },
    };
  } finally {
    await server.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

// `node bench/request-size.mjs` on its own prints the lines too.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  for (const line of (await requestSize()).lines) console.log(line);
}
