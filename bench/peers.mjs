// The one-tool round trip side by side with the agents we measure ourselves against: Codex,
// Claude Code and pi, each run headless on the same task against the same local fake model
// (bench/fake-model.mjs speaks each one's API), in fresh empty workspaces and homes,
// interleaved with mini-agent's own run and `node -e 0`. Issue 23's budget: mini-agent's round
// trip under half of the fastest peer's.
//
// The peers are not dependencies of this project. Install them anywhere and say where:
//   npm i --prefix /tmp/peers @openai/codex @anthropic-ai/claude-code @mariozechner/pi-coding-agent
//   MINI_AGENT_BENCH_PEERS=/tmp/peers npm run bench      (or node bench/peers.mjs)
// Any of them may be missing; without the variable this prints how to measure and nothing else.
// Wall time only: a peer's RSS is its native binary's, which the Node RSS probe cannot see.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startFakeModel } from "./fake-model.mjs";
import { cleanEnv, measureAll } from "./measure.mjs";

const CLI = fileURLToPath(new URL("../bin/mini-agent.cjs", import.meta.url));
const FLOOR = fileURLToPath(new URL("./round-trip-floor.cjs", import.meta.url));
const RUNS = 11;
const TASK = "say hello";

/** How each peer is set up in its own home and started on the task, once its package is found. */
const PEERS = [
  {
    name: "codex",
    pkg: "@openai/codex",
    args: ["exec", "--skip-git-repo-check", TASK],
    setUp: (home, model) => {
      // A provider of our own on the Responses API; exec never asks, and runs in Codex's own sandbox.
      const codexHome = path.join(home, ".codex");
      mkdirSync(codexHome, { recursive: true });
      const config = [
        'model = "gpt-5"',
        'model_provider = "bench"',
        'approval_policy = "never"',
        "[model_providers.bench]",
        'name = "bench"',
        `base_url = "${model.url}"`,
        'wire_api = "responses"',
        'env_key = "OPENAI_API_KEY"',
      ];
      writeFileSync(path.join(codexHome, "config.toml"), `${config.join("\n")}\n`);
      return { CODEX_HOME: codexHome, OPENAI_API_KEY: "sk-bench-dummy-key-000000000000" };
    },
  },
  {
    name: "claude",
    pkg: "@anthropic-ai/claude-code",
    args: ["-p", TASK, "--allowedTools", "Bash"],
    setUp: (_home, model) => ({
      ANTHROPIC_BASE_URL: model.origin,
      ANTHROPIC_API_KEY: "sk-ant-bench-dummy-key-000000000000",
      // No update checks, telemetry or error reports: they would leave the machine.
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    }),
  },
  {
    name: "pi",
    pkg: "@mariozechner/pi-coding-agent",
    args: ["-p", TASK, "--provider", "bench", "--model", "m"],
    setUp: (home, model) => {
      const dir = path.join(home, ".pi", "agent");
      mkdirSync(dir, { recursive: true });
      const providers = { bench: { baseUrl: model.url, api: "openai-completions", apiKey: "sk-bench-dummy-key-000000000000", models: [{ id: "m" }] } };
      writeFileSync(path.join(dir, "models.json"), JSON.stringify({ providers }));
      return {};
    },
  },
];

function installed(root, peer) {
  const bin = path.join(root, "node_modules", ".bin", peer.name);
  const manifest = path.join(root, "node_modules", ...peer.pkg.split("/"), "package.json");
  if (!existsSync(bin) || !existsSync(manifest)) return undefined;
  return { bin, version: JSON.parse(readFileSync(manifest, "utf8")).version };
}

export default async function peersBench() {
  const root = process.env.MINI_AGENT_BENCH_PEERS;
  if (!root) return ["peers: not measured (install Codex, Claude Code and pi anywhere and set MINI_AGENT_BENCH_PEERS to that folder; bench/peers.mjs says how)"];
  const found = PEERS.map((peer) => ({ ...peer, ...installed(path.resolve(root), peer) })).filter((peer) => peer.bin);
  if (found.length === 0) return [`peers: none found under ${root}/node_modules/.bin (codex, claude, pi)`];
  const scratch = mkdtempSync(path.join(os.tmpdir(), "mini-agent-bench-peers-"));
  const model = await startFakeModel();
  try {
    const workspace = (name) => (round) => {
      const dir = path.join(scratch, `ws-${name}-${round}`);
      mkdirSync(dir, { recursive: true });
      return dir;
    };
    const homeFor = (name) => {
      const home = path.join(scratch, `home-${name}`);
      mkdirSync(home, { recursive: true });
      return home;
    };
    const ours = homeFor("mini-agent");
    const cases = [
      { label: "node -e 0", args: ["-e", "0"] },
      {
        label: "mini-agent",
        args: [CLI, "-p", TASK, "--yes", "--provider", "openai"],
        env: { HOME: ours, MINI_AGENT_HOME: path.join(ours, ".mini-agent"), OPENAI_API_KEY: "sk-bench-dummy-key-000000000000", OPENAI_BASE_URL: model.url },
        cwd: workspace("mini-agent"),
      },
    ];
    // A peer that cannot do the task here (a changed flag, a sandbox this machine lacks) is
    // reported and left out, rather than failing the whole bench; so is the floor (it needs bash).
    const notes = [];
    const working = [];
    // The same task on the SDK and bubblewrap alone (round-trip-floor.cjs): the engine's share is what mini-agent takes above it.
    const floor = { label: "floor", args: [FLOOR, TASK], env: { OPENAI_API_KEY: "sk-bench-dummy-key-000000000000", OPENAI_BASE_URL: model.url }, cwd: workspace("floor") };
    const floorTrial = spawnSync(process.execPath, floor.args, { cwd: floor.cwd("trial"), env: cleanEnv(floor.env), stdio: "pipe", timeout: 60_000 });
    if (floorTrial.status === 0 && /hello/.test(String(floorTrial.stdout))) cases.push(floor);
    else notes.push(`peers: the floor left out: it did not finish the task here (exit ${floorTrial.status}; ${String(floorTrial.stderr).trim().split("\n").at(-1)})`);
    const hasFloor = cases.includes(floor);
    for (const peer of found) {
      const home = homeFor(peer.name);
      const spec = { label: peer.name, command: peer.bin, args: peer.args, env: { HOME: home, ...peer.setUp(home, model) }, cwd: workspace(peer.name), rss: false };
      const trial = spawnSync(spec.command, spec.args, { cwd: spec.cwd("trial"), env: cleanEnv(spec.env), stdio: "pipe", timeout: 60_000 });
      if (trial.status === 0 && /hello/.test(String(trial.stdout))) {
        working.push(peer);
        cases.push(spec);
      } else notes.push(`peers: ${peer.name} ${peer.version} left out: it did not finish the task here (exit ${trial.status}; ${String(trial.stderr).trim().split("\n").at(-1)})`);
    }
    if (working.length === 0) return notes;
    const results = measureAll(cases, RUNS);
    const node = results.get("node -e 0").medianMs;
    const ms = (label) => results.get(label).medianMs;
    const fastest = working.reduce((best, peer) => (ms(peer.name) < ms(best.name) ? peer : best), working[0]);
    const ratio = ms("mini-agent") / ms(fastest.name);
    const row = (label, version, time) => `peers: ${`${label} ${version}`.padEnd(28)} ${time.toFixed(1).padStart(8)} ms ${(time / node).toFixed(2).padStart(7)}× node`;
    return [
      `peers: one-tool round trip over HTTP (${TASK}: one shell call, one answer), ${RUNS} interleaved runs, median wall`,
      row("mini-agent", JSON.parse(readFileSync(fileURLToPath(new URL("../package.json", import.meta.url)), "utf8")).version, ms("mini-agent")),
      ...working.map((peer) => row(peer.name, peer.version, ms(peer.name))),
      ...(hasFloor ? [row("floor: SDK + bwrap", "", ms("floor"))] : []),
      ...notes,
      `peers: mini-agent takes ${ratio.toFixed(2)}× the fastest peer's time (${fastest.name}; budget under 0.5×${ratio < 0.5 ? " ok" : " OVER"})` +
        (hasFloor ? `; the floor ${(ms("floor") / ms(fastest.name)).toFixed(2)}×, the engine ${(ms("mini-agent") - ms("floor")).toFixed(0)} ms above it` : ""),
    ];
  } finally {
    await model.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of await peersBench()) console.log(line);
