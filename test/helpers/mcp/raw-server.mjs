// An MCP server over stdio written against the wire, not the SDK: it lists exactly the tools
// in RAW_MCP_TOOLS (JSON), however malformed, and answers a call with the tool's name and
// arguments. argv[2] "exit-mid": writes a line to stderr and exits with 7 when a tool is called;
// "huge-result": answers a call with one 11 MB line; "odd-content": answers with content blocks
// of a type MCP does not define beside a text block; "close-out": closes its stdout when a tool
// is called and keeps running. RAW_MCP_PID_FILE: where to write its pid.
// RAW_MCP_TOOLS_FILE: a file whose text is sent as the tool list as it is (JSON too deep for
// JSON.stringify here, or too long for a variable).
import { closeSync, readFileSync, writeFileSync } from "node:fs";
import readline from "node:readline";

const mode = process.argv[2] ?? "ok";
const tools = JSON.parse(process.env.RAW_MCP_TOOLS ?? "[]");
if (process.env.RAW_MCP_PID_FILE) writeFileSync(process.env.RAW_MCP_PID_FILE, String(process.pid));
const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.method === "initialize") {
    send({ id: message.id, result: { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "raw", version: "1" } } });
  } else if (message.method === "tools/list") {
    const file = process.env.RAW_MCP_TOOLS_FILE;
    if (file) process.stdout.write(`{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":{"tools":${readFileSync(file, "utf8")}}}\n`);
    else send({ id: message.id, result: { tools } });
  } else if (message.method === "tools/call") {
    if (mode === "exit-mid") {
      process.stderr.write("panic: lost the database connection\n", () => process.exit(7));
      return;
    }
    if (mode === "close-out") {
      closeSync(1);
      setInterval(() => {}, 1000);
      return;
    }
    if (mode === "huge-result") {
      send({ id: message.id, result: { content: [{ type: "text", text: "y".repeat(11 * 1024 * 1024) }] } });
      return;
    }
    if (mode === "odd-content") {
      const content = [{ type: "text", text: "kept" }, { type: "hologram", data: 1 }, { type: "image", mimeType: "image/png" }, "not a block"];
      send({ id: message.id, result: { content } });
      return;
    }
    send({ id: message.id, result: { content: [{ type: "text", text: `called ${message.params.name} with ${JSON.stringify(message.params.arguments ?? {})}` }] } });
  } else if (message.id !== undefined) {
    send({ id: message.id, result: {} });
  }
});
