#!/usr/bin/env node
"use strict";
// The installed entry point. CommonJS on purpose: Node starts a CommonJS file about 5 ms
// faster than an ES module, so `--version` costs little more than Node itself. Everything
// else goes to the ES module CLI.
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-v")) {
  // Read as data, not required: the entry stays the only module `--version` loads.
  const pkg = require("node:fs").readFileSync(require("node:path").join(__dirname, "..", "package.json"), "utf8");
  process.stdout.write(`${JSON.parse(pkg).version}\n`);
} else {
  import("../dist/cli.bundle.js").catch((error) => {
    process.stderr.write(`mini-agent: could not load dist/cli.bundle.js (run npm run build): ${error.message}\n`);
    process.exitCode = 1;
  });
}
