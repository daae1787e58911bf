#!/usr/bin/env node
"use strict";
// The installed entry point. CommonJS on purpose, like the bundle it loads: Node starts a
// CommonJS file about 5 ms faster than an ES module, so `--version` costs little more than
// Node itself (docs/adr/0031-commonjs-bundle.md).
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-v")) {
  // Read as data, not required: the entry stays the only module `--version` loads. Written
  // straight to fd 1: building process.stdout (a stream over a tty or pipe) costs ~2.5 ms,
  // a tenth of Node's own start.
  const fs = require("node:fs");
  const pkg = fs.readFileSync(require("node:path").join(__dirname, "..", "package.json"), "utf8");
  const line = `${JSON.parse(pkg).version}\n`;
  try {
    fs.writeSync(1, line);
  } catch (error) {
    // A reader that closed the pipe: exit as a shell expects (128 + SIGPIPE), quietly.
    if (error.code === "EPIPE") process.exitCode = 141;
    // A non-blocking pipe that is full (EAGAIN): the stream queues and retries.
    else process.stdout.write(line);
  }
} else {
  keepCompiledCode();
  let bundle;
  try {
    bundle = require.resolve("../dist/cli.bundle.cjs");
  } catch (error) {
    process.stderr.write(`mini-agent: could not load dist/cli.bundle.cjs (run npm run build): ${error.message}\n`);
    process.exitCode = 1;
  }
  // Runs the CLI; it reports its own errors and sets the exit code.
  if (bundle) require(bundle);
}

/**
 * Node >= 22.1 keeps V8's compiled code of our modules on disk, in the agent home, so later
 * starts skip parsing and compiling them (module.enableCompileCache, Node's documented API;
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off). Node 20 has no such cache and gets none.
 */
function keepCompiledCode() {
  const { enableCompileCache } = require("node:module");
  if (typeof enableCompileCache !== "function") return;
  const home = agentHome();
  if (!home) return;
  try {
    enableCompileCache(require("node:path").join(home, "compile-cache"));
  } catch {
    // No cache (an unwritable home) only costs the time it saves; the CLI reports such
    // problems itself.
  }
}

/**
 * The agent home by src/config/home.ts's rules, or undefined where the CLI refuses it (write
 * nothing there first): MINI_AGENT_HOME, else $HOME/.mini-agent only for an absolute HOME (an
 * empty or relative one would put it in the working folder), and never inside the working
 * folder, both sides compared as real paths (symlinks resolved, as process.cwd() already is).
 */
function agentHome() {
  try {
    const path = require("node:path");
    const configured = (process.env.MINI_AGENT_HOME || "").trim();
    const home = require("node:os").homedir();
    if (!configured && !path.isAbsolute(home)) return undefined;
    const dir = realPath(configured ? path.resolve(configured) : path.join(home, ".mini-agent"));
    const relative = path.relative(realPath(process.cwd()), dir);
    if (relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative))) return undefined;
    return dir;
  } catch {
    return undefined; // a deleted working folder: the CLI says so itself
  }
}

/** `file` with symlinks resolved; for a path not made yet, its nearest existing folder's. */
function realPath(file) {
  const path = require("node:path");
  try {
    return require("node:fs").realpathSync.native(file);
  } catch (error) {
    const parent = path.dirname(file);
    if ((error.code !== "ENOENT" && error.code !== "ENOTDIR") || parent === file) return file;
    return path.join(realPath(parent), path.basename(file));
  }
}
