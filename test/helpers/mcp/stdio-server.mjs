// A real MCP server over stdio. argv[2]: "ok" (default), "crash" (dies at start), "hang"
// (reads stdin, never answers), "pid:<file>" (records its pid, then serves).
import { writeFileSync } from "node:fs";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { makeServer } from "./tools.mjs";

const mode = process.argv[2] ?? "ok";
if (mode === "crash") {
  process.stderr.write("fatal: cannot open the index\n");
  process.exit(3);
}
if (mode === "hang") {
  process.stdin.resume();
  setInterval(() => {}, 1000);
} else {
  if (mode.startsWith("pid:")) writeFileSync(mode.slice(4), String(process.pid));
  await makeServer("stdio").connect(new StdioServerTransport());
}
