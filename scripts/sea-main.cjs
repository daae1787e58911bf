"use strict";
// The standalone binary's injected main script (docs/adr/0014-standalone-binaries.md). It is
// small on purpose: `--version` answers without touching the 7 MB CLI, which is an asset of
// the binary, compiled here with the V8 code cache that scripts/sea-cache.cjs made at build
// time after a scripted run (so the functions a run needs come compiled, not just the top).
const sea = require("node:sea");

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-v")) {
  process.stdout.write(`${__MINI_AGENT_VERSION__}\n`);
} else {
  const vm = require("node:vm");
  const source = sea.getAsset("cli.cjs", "utf8");
  const cachedData = Buffer.from(sea.getRawAsset("cli.cache"));
  // A cache V8 rejects (another build) only costs the compile; the script runs the same.
  const script = new vm.Script(source, { filename: "mini-agent.cjs", cachedData });
  const cliModule = { exports: {} };
  script.runInThisContext()(require, cliModule, cliModule.exports, __filename, __dirname);
}
