"use strict";
// Build step of scripts/dist.mjs, run by the Node that becomes the binary: compiles the CLI
// script exactly as the binary will, runs a scripted FAKE_LLM turn with it (write, command,
// read: the common path, the shell parser included), then saves V8's code cache. Made after
// a run, the cache holds every function the run compiled, not only the top level: the binary
// then starts the common path without compiling it.
//   node scripts/sea-cache.cjs <wrapped cli.cjs> <cache out> <scratch dir>
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");

const [source, out, scratch] = process.argv.slice(2);
const script = new vm.Script(fs.readFileSync(source, "utf8"), { filename: "mini-agent.cjs" });
const workspace = path.join(scratch, "workspace");
fs.mkdirSync(workspace, { recursive: true });
process.chdir(workspace);
process.argv = [process.execPath, process.execPath, "-p", "warm the cache", "--yes"];
const turns = [
  { tool_calls: [{ name: "write_file", arguments: { path: "notes.md", content: "cache\n" } }] },
  // Judged by the shell parser; run by bash where there is one (a tool error otherwise).
  { tool_calls: [{ name: "run_command", arguments: { command: "echo cached | tr a-z A-Z > out.txt" } }] },
  { tool_calls: [{ name: "read_file", arguments: { path: "notes.md" } }] },
  { text: "done" },
];
process.env.FAKE_LLM = path.join(scratch, "turns.json");
fs.writeFileSync(process.env.FAKE_LLM, JSON.stringify({ turns }));
process.env.MINI_AGENT_HOME = path.join(scratch, "home");
// On "exit", not "beforeExit": a finished print run ends itself with process.exit once its
// output is flushed (src/cli/exit-when-flushed.ts). Everything here is synchronous, as an exit
// listener must be; a failure sets the code that execFileSync in dist.mjs sees.
process.once("exit", (code) => {
  try {
    if (code) throw new Error(`the run for the code cache failed (exit ${code})`);
    const cache = script.createCachedData();
    const check = new vm.Script(fs.readFileSync(source, "utf8"), { filename: "mini-agent.cjs", cachedData: cache });
    if (check.cachedDataRejected) throw new Error("V8 rejects the code cache just made");
    fs.writeFileSync(out, cache);
  } catch (error) {
    process.stderr.write(`sea-cache: ${error.message}\n`);
    process.exitCode = 1;
  }
});
const cliModule = { exports: {} };
script.runInThisContext()(require, cliModule, cliModule.exports, process.execPath, path.dirname(process.execPath));
