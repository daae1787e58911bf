// A real MCP server over stdio. argv[2]: "ok" (default), "crash" (dies at start), "hang"
// (reads stdin, never answers), "pid:<file>" (records its pid, then serves),
// "hang:<file>" (records its pid, then hangs), "stubborn:<file>" (records its pid, serves,
// and stays running after its stdin ends, as some servers do), "rich" (rich-tools.mjs: images,
// audio, roots, a task-only tool).
// The pid is written before the SDK loads (dynamic imports below): on a loaded machine that
// takes over a second, longer than the start timeout the hang tests give.
import { writeFileSync } from "node:fs";

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
  const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
  const server = mode === "rich" ? (await import("./rich-tools.mjs")).makeRichServer() : (await import("./tools.mjs")).makeServer("stdio");
  await server.connect(new StdioServerTransport());
}
