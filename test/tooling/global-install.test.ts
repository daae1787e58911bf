// The global install the README documents: `npm run package`, then `npm install -g --prefix
// <dir>` of the tarball. The installed command must run from a folder outside the repository,
// with only what the package ships (bin/, dist/) and its dependencies; the install runs and
// warns of no script (the packed manifest has none: `prepare` needs the repository).
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { cliEnv } from "../helpers/run-cli.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const IS_WINDOWS = process.platform === "win32";

/** npm itself: the one running `npm test` when there is one, else npm on PATH. */
function npm(args: string[], options: SpawnSyncOptions) {
  const npmCli = process.env.npm_execpath;
  const [command, argv] = npmCli && /\.c?js$/.test(npmCli) ? [process.execPath, [npmCli, ...args]] : ["npm", args];
  return spawnSync(command, argv, { encoding: "utf8", shell: IS_WINDOWS && command === "npm", timeout: 180_000, ...options });
}

// The user's npm cache (tests run with a temp HOME): a warm machine installs without the network.
const npmCache = process.env.npm_config_cache ?? path.join(os.userInfo().homedir, IS_WINDOWS ? "AppData/Local/npm-cache" : ".npm");

let prefix = "";
let installError = "";
let installOutput = "";
let packedManifest: { scripts?: Record<string, string> } = {};

beforeAll(() => {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "mini-agent-install-")));
  // dist/ is fresh: the suite's global setup built it, so the pack script does not rebuild.
  const pack = npm(["run", "package", "--", base], { cwd: ROOT });
  const tarball = readdirSync(base).find((name) => name.endsWith(".tgz"));
  if (pack.status !== 0 || !tarball) {
    installError = `npm run package failed: ${pack.stderr}`;
    return;
  }
  prefix = path.join(base, "prefix");
  // With scripts allowed as a user's install has them: none may be listed, none may run.
  const install = npm(
    ["install", "-g", "--prefix", prefix, "--cache", npmCache, "--prefer-offline", "--no-audit", "--no-fund", path.join(base, tarball)],
    { cwd: base, env: { ...process.env, npm_config_update_notifier: "false" } },
  );
  installOutput = `${install.stdout}${install.stderr}`;
  if (install.status !== 0) installError = `npm install -g failed: ${install.stderr}`;
  else packedManifest = JSON.parse(readFileSync(path.join(prefix, IS_WINDOWS ? "" : "lib", "node_modules", "mini-agent", "package.json"), "utf8"));
}, 240_000);

function installed(args: string[], cwd: string, env: Record<string, string> = {}) {
  const bin = IS_WINDOWS ? path.join(prefix, "mini-agent.cmd") : path.join(prefix, "bin", "mini-agent");
  return spawnSync(bin, args, { cwd, env: cliEnv(env), encoding: "utf8", shell: IS_WINDOWS, timeout: 60_000 });
}

describe("a global install into a prefix", () => {
  it("installs, and mini-agent --version prints the package version", () => {
    expect(installError).toBe("");
    const version = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
    const run = installed(["--version"], os.tmpdir());
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(`${version}\n`);
    // A copy, not a link back into this clone.
    const pkg = path.join(prefix, IS_WINDOWS ? "" : "lib", "node_modules", "mini-agent");
    expect(realpathSync(pkg).startsWith(realpathSync(ROOT))).toBe(false);
  });

  it("installs without a warning about install scripts: the packed manifest has none", () => {
    expect(installError).toBe("");
    expect(installOutput).not.toMatch(/install-scripts|prepare/);
    expect(packedManifest.scripts).toBeUndefined();
  });

  it("npm pack in the clone itself stops and points to npm run package", () => {
    const pack = npm(["pack", "--dry-run"], { cwd: ROOT });
    expect(pack.status).not.toBe(0);
    expect(pack.stderr).toContain("npm run package");
  });

  it("runs the FAKE_LLM=1 demo from a folder outside the repository", () => {
    expect(installError).toBe("");
    const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), "mini-agent-outside-")));
    const home = realpathSync(mkdtempSync(path.join(os.tmpdir(), "mini-agent-outside-home-")));
    const run = installed(["-p", "show me", "--yes"], outside, { FAKE_LLM: "1", MINI_AGENT_HOME: home });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("mini-agent wrote this file.");
    expect(existsSync(path.join(outside, "demo", "notes.md"))).toBe(true);
  });
});
