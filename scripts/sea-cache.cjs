"use strict";
// Build step of scripts/dist.mjs, run by the Node that becomes the binary: compiles the CLI
// script exactly as the binary will, runs the FAKE_LLM demo with it, then saves V8's code
// cache. Made after a run, the cache holds every function the run compiled, not only the top
// level: the binary then starts the common path without compiling it.
//   node scripts/sea-cache.cjs <wrapped cli.cjs> <cache out> <scratch dir>
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");

const [source, out, scratch] = process.argv.slice(2);
const script = new vm.Script(fs.readFileSync(source, "utf8"), { filename: "mini-agent.cjs" });
const workspace = path.join(scratch, "workspace");
fs.mkdirSync(workspace, { recursive: true });
process.chdir(workspace);
process.argv = [process.execPath, process.execPath, "-p", "demo", "--yes"];
process.env.FAKE_LLM = "1";
process.env.MINI_AGENT_HOME = path.join(scratch, "home");
process.once("beforeExit", () => {
  if (process.exitCode) throw new Error(`the demo run for the code cache failed (exit ${process.exitCode})`);
  fs.writeFileSync(out, script.createCachedData());
});
const cliModule = { exports: {} };
script.runInThisContext()(require, cliModule, cliModule.exports, process.execPath, path.dirname(process.execPath));
