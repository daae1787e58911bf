// npm run dist: this platform's standalone binary (Node's single executable application,
// docs/adr/0014-standalone-binaries.md) in release/, plus release/SHA256SUMS.
//
// Node 20's SEA runs one injected CommonJS script whose require() loads only built-in
// modules, so everything (the lazy provider chunks, the SDKs, undici, mvdan-sh) is bundled
// into that one script; dynamic import() calls become lazy initialisers inside it.
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { leanZod } from "./esbuild-lean-zod.mjs";
import { writeChecksums } from "./sha256sums.mjs";
import { writeNotices } from "./third-party-notices.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const outDir = path.resolve(root, process.env.MINI_AGENT_DIST_DIR ?? "release");
// The fuse Node looks for to know a blob was injected (documented in Node's SEA docs).
const SENTINEL_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

/** linux-x64, darwin-arm64, win-x64: the release names the install script also computes. */
export function targetName(platform = process.platform, arch = process.arch) {
  const os = platform === "win32" ? "win" : platform;
  return `mini-agent-${os}-${arch}${platform === "win32" ? ".exe" : ""}`;
}

// mvdan-sh is loaded with createRequire(import.meta.url) so the ES module bundle can keep it
// external; in the single script that require must come from the bundle instead.
const bundledRequire = {
  name: "bundled-require",
  setup(b) {
    b.onResolve({ filter: /^node:module$/ }, (args) =>
      args.importer.endsWith(path.join("approval", "shell", "mvdan-sh.ts")) ? { path: "bundled-require", namespace: "sea" } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "sea" }, () => ({
      resolveDir: root,
      contents: `export function createRequire() {
        return (id) => {
          if (id === "mvdan-sh") return require("mvdan-sh");
          throw new Error("not in the standalone binary: " + id);
        };
      }`,
    }));
  },
};

async function bundle(work, version) {
  const main = path.join(work, "mini-agent.cjs");
  const { metafile } = await build({
    entryPoints: [path.join(root, "src", "cli", "cli.ts")],
    outfile: main,
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    // The binary has no package.json beside it; the version is fixed at build time.
    define: { __MINI_AGENT_VERSION__: JSON.stringify(version), "import.meta.url": "__miniAgentUrl" },
    banner: { js: 'var __miniAgentUrl = require("node:url").pathToFileURL(__filename).href;' },
    plugins: [bundledRequire, leanZod],
    metafile: true,
    logLevel: "error",
  });
  return { main, metafile };
}

/** The binary's small main script, with the version fixed in (it has no package.json). */
async function mainScript(work, version) {
  const out = path.join(work, "sea-main.cjs");
  await build({
    entryPoints: [path.join(root, "scripts", "sea-main.cjs")],
    outfile: out,
    format: "cjs",
    platform: "node",
    target: "node20",
    define: { __MINI_AGENT_VERSION__: JSON.stringify(version) },
    logLevel: "error",
  });
  return out;
}

async function main() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major < 20 || (major === 20 && minor < 12)) {
    console.error(`npm run dist needs Node 20.12 or newer (single executable assets); this is ${process.version}`);
    process.exit(2);
  }
  const work = mkdtempSync(path.join(os.tmpdir(), "mini-agent-dist-"));
  mkdirSync(outDir, { recursive: true });
  const version = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version;
  const { main: script, metafile } = await bundle(work, version);
  // Everything is bundled into the binary (undici and mvdan-sh too): their licenses go beside it.
  writeNotices(metafile, root, path.join(outDir, "THIRD_PARTY_NOTICES"));
  // The CLI runs as a function of the CommonJS variables, compiled by sea-main.cjs; the cache
  // is made for exactly this text.
  const wrapped = path.join(work, "cli.cjs");
  const body = readFileSync(script, "utf8").replace(/^#!.*\n/, "");
  writeFileSync(wrapped, `(function (require, module, exports, __filename, __dirname) {${body}\n})`);
  const cache = path.join(work, "cli.cache");
  execFileSync(process.execPath, [path.join(root, "scripts", "sea-cache.cjs"), wrapped, cache, path.join(work, "demo")], { stdio: "pipe" });

  const blob = path.join(work, "mini-agent.blob");
  const config = path.join(work, "sea-config.json");
  writeFileSync(
    config,
    JSON.stringify({
      main: await mainScript(work, version),
      output: blob,
      disableExperimentalSEAWarning: true,
      assets: { "cli.cjs": wrapped, "cli.cache": cache },
    }),
  );
  execFileSync(process.execPath, ["--experimental-sea-config", config], { stdio: "pipe" });

  const name = targetName();
  const binary = path.join(outDir, name);
  rmSync(binary, { force: true });
  copyFileSync(process.execPath, binary);
  chmodSync(binary, 0o755);
  // macOS refuses to run a signed binary whose contents changed: drop the signature, inject,
  // then sign ad hoc. Windows binaries stay unsigned (the injection invalidates Node's).
  if (process.platform === "darwin") execFileSync("codesign", ["--remove-signature", binary]);
  const { inject } = await import("postject");
  await inject(binary, "NODE_SEA_BLOB", readFileSync(blob), {
    sentinelFuse: SENTINEL_FUSE,
    machoSegmentName: process.platform === "darwin" ? "NODE_SEA" : undefined,
    overwrite: true,
  });
  if (process.platform === "darwin") execFileSync("codesign", ["--sign", "-", binary]);
  const sums = writeChecksums(outDir);
  rmSync(work, { recursive: true, force: true });
  console.log(`${path.relative(root, binary)}\n${path.relative(root, sums)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
