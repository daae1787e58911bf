// A test MCP server on the SDK's low-level Server class, for what the high-level one cannot
// declare: a task-only tool (execution.taskSupport "required"), image and audio results, and a
// tool that asks the client for its roots (roots/list) and returns what it got.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

/** A valid 1×1 PNG. */
export const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
/** A tiny WAV header and a few samples: audio no provider takes in a tool result. */
export const WAV_BASE64 = Buffer.from("RIFF\x2c\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00\x01\x00\x40\x1f\x00\x00\x80\x3e\x00\x00\x02\x00\x10\x00data\x08\x00\x00\x00\x00\x00\x01\x00\x02\x00\x03\x00", "latin1").toString("base64");

const object = { type: "object", properties: {} };

export function makeRichServer() {
  const server = new Server({ name: "test-rich", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      { name: "picture", description: "Returns a picture and a sound", inputSchema: object },
      { name: "roots", description: "Returns the client's roots", inputSchema: object },
      { name: "long_job", description: "Only runs as a task", inputSchema: object, execution: { taskSupport: "required" } },
      { name: "maybe_task", description: "Runs either way", inputSchema: object, execution: { taskSupport: "optional" } },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const name = request.params.name;
    if (name === "picture") {
      return {
        content: [
          { type: "text", text: "here it is" },
          { type: "image", data: PNG_BASE64, mimeType: "image/png" },
          { type: "audio", data: WAV_BASE64, mimeType: "audio/wav" },
        ],
      };
    }
    if (name === "roots") {
      const { roots } = await server.listRoots();
      return { content: [{ type: "text", text: JSON.stringify(roots) }] };
    }
    if (name === "maybe_task") return { content: [{ type: "text", text: "ran without a task" }] };
    return { content: [{ type: "text", text: `no tool ${name} without a task` }], isError: true };
  });
  return server;
}
