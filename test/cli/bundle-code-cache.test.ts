// The CLI's own V8 code cache on Node 20 (docs/adr/0032-bundle-code-cache.md), across real
// processes: the loader on its own (two small CommonJS files: miss, then hit; a corrupt, stale
// or foreign cache is survived and replaced), and the real CLI (the demo writes the caches of
// the files it compiled under the heap policy, the next run uses them and rewrites nothing, a
// home that cannot hold them costs nothing, NODE_DISABLE_COMPILE_CACHE=1 turns it off).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import Module from "node:module";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DIST, sourcesOf } from "../helpers/bundle-graph.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";

const LOADER = path.join(DIST, "bundle-code-cache.cjs");
const nodeHasItsOwn = typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === "function";

interface Report {
  state: string;
  file: string;
  written: boolean;
  writeError?: string;
}

/** A fresh process: installs the cache for `bundle`, requires a.cjs then chunks/b.cjs (which requires c.cjs); prints the reports. */
function runLoader(bundle: string, cacheDir: string, setFlagBetween = false): { value: string; reports: Report[] } {
  const script = `
    const cache = require(${JSON.stringify(LOADER)}).installBundleCodeCache(${JSON.stringify(bundle)}, ${JSON.stringify(cacheDir)});
    const first = require(${JSON.stringify(path.join(bundle, "a.cjs"))});
    ${setFlagBetween ? 'require("node:v8").setFlagsFromString("--semi-space-growth-factor=1");' : ""}
    const second = require(${JSON.stringify(path.join(bundle, "chunks", "b.cjs"))});
    cache.persist();
    process.stdout.write(JSON.stringify({ value: first.value + second.value, reports: cache.reports() }));`;
  return JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" })) as { value: string; reports: Report[] };
}

function makeBundle(): string {
  const bundle = mkdtempSync(path.join(os.tmpdir(), "bundle-cache-"));
  mkdirSync(path.join(bundle, "chunks"));
  writeFileSync(path.join(bundle, "a.cjs"), '#!/usr/bin/env node\nexports.value = "a";\n');
  writeFileSync(path.join(bundle, "chunks", "b.cjs"), 'const c = require("./c.cjs");\nexports.value = "b" + c.value;\n');
  writeFileSync(path.join(bundle, "chunks", "c.cjs"), 'exports.value = "c";\n');
  return bundle;
}

const states = (reports: Report[]) => reports.map((report) => `${path.basename(report.file).split(".")[0]}:${report.state}`);

describe("the bundle's code cache, on its own", () => {
  it("misses and writes, then hits; the modules work the same either way", () => {
    const bundle = makeBundle();
    const cacheDir = path.join(bundle, "..", `${path.basename(bundle)}-cache`);
    const first = runLoader(bundle, cacheDir);
    expect(first.value).toBe("abc");
    expect(states(first.reports)).toEqual(["a:miss", "b:miss", "c:miss"]);
    expect(first.reports.every((report) => report.written)).toBe(true);
    const second = runLoader(bundle, cacheDir);
    expect(second.value).toBe("abc");
    expect(states(second.reports)).toEqual(["a:hit", "b:hit", "c:hit"]);
  });

  it("replaces a corrupt cache and one made for other code, and writes nothing where it cannot", () => {
    const bundle = makeBundle();
    const cacheDir = path.join(bundle, "..", `${path.basename(bundle)}-cache`);
    runLoader(bundle, cacheDir);
    const [aCache, bCache] = readdirSync(cacheDir).sort().map((name) => path.join(cacheDir, name));
    // A flipped byte in the bytecode: the checksum refuses it before V8 sees it.
    const bytes = readFileSync(aCache!);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 10) ^ 0xff, bytes.length - 10);
    writeFileSync(aCache!, bytes);
    // b.cjs changed: its cache names other code.
    writeFileSync(path.join(bundle, "chunks", "b.cjs"), 'const c = require("./c.cjs");\nexports.value = "B" + c.value;\n');
    const after = runLoader(bundle, cacheDir);
    expect(after.value).toBe("aBc");
    expect(states(after.reports)).toEqual(["a:corrupt", "b:miss", "c:hit"]);
    expect(after.reports.map((report) => report.written)).toEqual([true, true, false]);
    expect(statSync(bCache!).size).toBeGreaterThan(0);
    expect(states(runLoader(bundle, cacheDir).reports)).toEqual(["a:hit", "b:hit", "c:hit"]);
    // A file where the folder should be: the modules still load, and nothing is written.
    const blocked = path.join(bundle, "..", `${path.basename(bundle)}-blocked`);
    writeFileSync(blocked, "not a folder");
    const run = runLoader(bundle, blocked);
    expect(run.value).toBe("aBc");
    expect(run.reports.some((report) => report.written)).toBe(false);
  });

  it("writes at exit only the caches of files compiled under the flags that stand then", () => {
    const bundle = makeBundle();
    const cacheDir = path.join(bundle, "..", `${path.basename(bundle)}-cache`);
    // a.cjs compiles before a V8 flag changes (as the CLI's entry does before the heap
    // policy), b.cjs after: V8 would refuse a cache of a.cjs made under the changed flags.
    const run = runLoader(bundle, cacheDir, true);
    expect(states(run.reports)).toEqual(["a:miss", "b:miss", "c:miss"]);
    expect(run.reports.map((report) => report.written)).toEqual([false, true, true]);
    expect(states(runLoader(bundle, cacheDir, true).reports)).toEqual(["a:miss", "b:hit", "c:hit"]);
    // Without the flag change a.cjs is cached too, under the start-up flags' own name.
    expect(states(runLoader(bundle, cacheDir).reports)).toEqual(["a:miss", "b:miss", "c:miss"]);
    expect(states(runLoader(bundle, cacheDir, true).reports)).toEqual(["a:hit", "b:hit", "c:hit"]);
  });
});

describe.skipIf(nodeHasItsOwn)("the CLI's code cache on Node 20", () => {
  const cacheFiles = (home: string) => {
    const dir = path.join(home, "cache", "bundle");
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };

  it("the demo writes the caches of what it compiled; the next run uses them and rewrites none", async () => {
    const box = makeSandbox();
    const env = { FAKE_LLM: "1", MINI_AGENT_HOME: box.home };
    const first = await runCli(["-p", "run the demo", "--yes"], { cwd: box.workspace, env });
    expect(first.code, first.stderr).toBe(0);
    const written = cacheFiles(box.home);
    // The engine's chunk (the one holding bootstrap.ts) is among them.
    const engine = readdirSync(path.join(DIST, "chunks")).find((name) => sourcesOf(path.join(DIST, "chunks", name)).includes("src/bootstrap.ts"));
    expect(written.some((name) => name.startsWith(`${engine}.`))).toBe(true);
    const dir = path.join(box.home, "cache", "bundle");
    const before = written.map((name) => [name, statSync(path.join(dir, name)).mtimeMs, readFileSync(path.join(dir, name)).toString("base64")]);
    const second = await runCli(["-p", "run the demo", "--yes"], { cwd: mkdtempSync(path.join(os.tmpdir(), "ws-")), env });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain("mini-agent wrote this file.");
    // A cache V8 had refused, or not found, would have been written again.
    expect(cacheFiles(box.home).map((name) => [name, statSync(path.join(dir, name)).mtimeMs, readFileSync(path.join(dir, name)).toString("base64")])).toEqual(before);
  });

  it("a home that cannot hold the cache costs nothing, and NODE_DISABLE_COMPILE_CACHE=1 turns it off", async () => {
    const box = makeSandbox();
    mkdirSync(path.join(box.home, "cache"), { recursive: true });
    writeFileSync(path.join(box.home, "cache", "bundle"), "in the way");
    const blocked = await runCli(["-p", "run the demo", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home } });
    expect(blocked.code, blocked.stderr).toBe(0);
    expect(blocked.stdout).toContain("mini-agent wrote this file.");
    expect(blocked.stderr).not.toMatch(/cache|EEXIST|ENOTDIR/i);
    const off = makeSandbox();
    const run = await runCli(["-p", "run the demo", "--yes"], { cwd: off.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: off.home, NODE_DISABLE_COMPILE_CACHE: "1" } });
    expect(run.code, run.stderr).toBe(0);
    expect(cacheFiles(off.home)).toEqual([]);
  });

  it("caches of an older build are removed when new ones are written", async () => {
    const box = makeSandbox();
    const dir = path.join(box.home, "cache", "bundle");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "chunk-OLDBUILD.cjs.12345.v8-cache"), "old");
    const run = await runCli(["-p", "run the demo", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home } });
    expect(run.code, run.stderr).toBe(0);
    expect(cacheFiles(box.home)).not.toContain("chunk-OLDBUILD.cjs.12345.v8-cache");
    expect(cacheFiles(box.home).length).toBeGreaterThan(0);
  });
});
