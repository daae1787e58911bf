// An MCP server over stdio written against the wire, not the SDK: it lists exactly the tools
// in RAW_MCP_TOOLS (JSON), however malformed, and answers a call with the tool's name and
// arguments. argv[2] "exit-mid": writes a line to stderr and exits with 7 when a tool is called.
import readline from "node:readline";

const mode = process.argv[2] ?? "ok";
const tools = JSON.parse(process.env.RAW_MCP_TOOLS ?? "[]");
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
    send({ id: message.id, result: { tools } });
  } else if (message.method === "tools/call") {
    if (mode === "exit-mid") {
      process.stderr.write("panic: lost the database connection\n", () => process.exit(7));
      return;
    }
    send({ id: message.id, result: { content: [{ type: "text", text: `called ${message.params.name} with ${JSON.stringify(message.params.arguments ?? {})}` }] } });
  } else if (message.id !== undefined) {
    send({ id: message.id, result: {} });
  }
});
