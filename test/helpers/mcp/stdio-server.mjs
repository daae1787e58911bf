// A real MCP server over stdio. argv[2]: "ok" (default), "crash" (dies at start), "hang"
// (reads stdin, never answers), "pid:<file>" (records its pid, then serves),
// "hang:<file>" (records its pid, then hangs), "stubborn:<file>" (records its pid, serves,
// and stays running after its stdin ends, as some servers do).
import { writeFileSync } from "node:fs";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { makeServer } from "./tools.mjs";

const [mode, pidFile] = (process.argv[2] ?? "ok").split(/:(.*)/s);
if (pidFile) writeFileSync(pidFile, String(process.pid));
if (mode === "crash") {
  process.stderr.write("fatal: cannot open the index\n");
  process.exit(3);
}
if (mode === "hang") {
  process.stdin.resume();
  setInterval(() => {}, 1000);
} else {
  if (mode === "stubborn") setInterval(() => {}, 1000);
  await makeServer("stdio").connect(new StdioServerTransport());
}
