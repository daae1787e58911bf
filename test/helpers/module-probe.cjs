// Preloaded into a CLI child (NODE_OPTIONS=--require) to record every module file it loads,
// one absolute path a line, into $MODULE_PROBE_LOG, as it loads: CommonJS and JSON through
// Module.prototype.load, ES modules through a load hook (module.register, Node >= 20.6); and,
// when $MODULE_PROBE_BUILTINS is set, the built-ins the process loaded.
"use strict";
const fs = require("node:fs");
const Module = require("node:module");
const path = require("node:path");
const { pathToFileURL } = require("node:url");

const log = process.env.MODULE_PROBE_LOG;
if (log) {
  const record = (file) => fs.appendFileSync(log, `${file}\n`);
  const load = Module.prototype.load;
  Module.prototype.load = function (filename) {
    record(filename);
    return load.call(this, filename);
  };
  Module.register(pathToFileURL(path.join(__dirname, "module-probe-hooks.mjs")), { data: { log } });
}

// Node's own built-ins too (process.moduleLoadList, e.g. "NativeModule internal/deps/undici/undici"),
// as the process ends, into $MODULE_PROBE_BUILTINS.
const builtins = process.env.MODULE_PROBE_BUILTINS;
if (builtins) process.on("exit", () => fs.writeFileSync(builtins, `${process.moduleLoadList.join("\n")}\n`));
