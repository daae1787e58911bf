// What the hidden home, the hidden stores, the seccomp filter and the shared network
// namespace cost a sandboxed command (ADR 0037): `true` run under bubblewrap with the bare
// policy (read-only root, workspace, temp dir, the host's network) and with a session's full
// policy, interleaved, median of RUNS; the host-side time to build one command's argv; and
// the time of one HTTP request through the proxy against the same request with the network
// fully on. Imports the built dist/. Skipped where bwrap cannot run.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";

const RUNS = 41;
const dist = (file) => import(new URL(`../dist/engine/${file}`, import.meta.url).href);

function runArgv({ argv, fd3 }) {
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const child = spawn(argv[0], argv.slice(1), { stdio: ["ignore", "ignore", "pipe", ...(fd3 ? ["pipe"] : [])] });
    if (fd3) child.stdio[3].end(fd3);
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (code) => resolve({ ms: Number(process.hrtime.bigint() - start) / 1e6, code, stderr }));
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** The lower quartile: on a shared machine the median carries other processes' load. */
const quartile = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 4)];

export default async function sandboxBench() {
  const { probeBubblewrap, wrapInBubblewrap } = await dist("sandbox/bubblewrap.js");
  if (!probeBubblewrap().works) return ["sandbox: bubblewrap cannot run here, not measured"];
  const { setUpSandbox } = await dist("sandbox/sandbox-setup.js");
  const { requireHostProgram } = await dist("host/host-programs.js");
  const base = mkdtempSync(path.join(os.tmpdir(), "mini-agent-bench-sandbox-"));
  const root = path.join(base, "ws");
  mkdirSync(root);
  const server = createServer((_req, res) => res.end("ok"));
  await new Promise((resolve) => server.listen(0, "0.0.0.0", resolve));
  const port = server.address().port;
  const full = setUpSandbox({ mode: "required", root, network: { mode: "allowlist", hosts: [`${os.hostname()}:${port}`] } });
  const open = setUpSandbox({ mode: "required", root, network: { mode: "on" } });
  try {
    await open.ready();
    // Once per session, before its first command: the seccomp check, the proxy, the namespace and its forwarder.
    const readyStart = process.hrtime.bigint();
    await full.ready();
    const readyMs = Number(process.hrtime.bigint() - readyStart) / 1e6;
    const bare = { argv: wrapInBubblewrap(["/bin/true"], { bwrap: requireHostProgram("bwrap"), root, tmpDir: base, allowNetwork: true }) };
    const before = [];
    const now = [];
    const wrapMs = [];
    for (let run = 0; run < RUNS; run++) {
      before.push((await runArgv(bare)).ms);
      const start = process.hrtime.bigint();
      const wrapped = await full.wrapArgv(["/bin/true"]);
      wrapMs.push(Number(process.hrtime.bigint() - start) / 1e6);
      const result = await runArgv(wrapped);
      if (result.code !== 0) throw new Error(`the full policy failed: ${result.stderr}`);
      now.push(result.ms);
    }
    // One command timing 20 requests from inside: through the proxy, and straight out with the network on.
    const url = `http://${os.hostname()}:${port}/`;
    const loop = `for i in $(seq 20); do curl -s -o /dev/null -w '%{time_total}\\n' ${url}; done`;
    const requestMs = async (setup) => {
      const wrapped = await setup.wrapArgv(["bash", "-c", loop]);
      const out = await new Promise((resolve) => {
        const child = spawn(wrapped.argv[0], wrapped.argv.slice(1), { stdio: ["ignore", "pipe", "ignore", ...(wrapped.fd3 ? ["pipe"] : [])] });
        if (wrapped.fd3) child.stdio[3].end(wrapped.fd3);
        let text = "";
        child.stdout.on("data", (chunk) => (text += chunk));
        child.on("close", () => resolve(text));
      });
      const times = out.trim().split("\n").map((line) => Number(line) * 1000).filter((value) => value > 0);
      return times.length ? median(times) : NaN;
    };
    const proxied = await requestMs(full);
    const direct = await requestMs(open);
    return [
      `sandbox, \`true\` under bwrap, bare policy (median / lower quartile of ${RUNS}): ${median(before).toFixed(1)} / ${quartile(before).toFixed(1)} ms`,
      `sandbox, \`true\` under bwrap, full policy (home view, hidden stores, seccomp, session network): ${median(now).toFixed(1)} / ${quartile(now).toFixed(1)} ms (+${(median(now) - median(before)).toFixed(1)} / +${(quartile(now) - quartile(before)).toFixed(1)} ms)`,
      `sandbox, building one command's argv on the host: ${median(wrapMs).toFixed(2)} ms`,
      `sandbox, once per session (seccomp check, proxy, network namespace with its forwarder): ${readyMs.toFixed(0)} ms`,
      `sandbox, one HTTP request from inside (median of 20): ${proxied.toFixed(2)} ms through the proxy, ${direct.toFixed(2)} ms with the network on`,
    ];
  } finally {
    full.dispose();
    open.dispose();
    server.close();
    rmSync(base, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of await sandboxBench()) console.log(line);
