// A V8 code cache for the CLI's own bundle on Node 20 (docs/adr/0032-bundle-code-cache.md).
// Compiling the ~450 KB the print path loads is the largest part of its start-up; V8 can
// instead deserialise the bytecode it made last time. Node >= 22.1 does this itself
// (module.enableCompileCache, which bin/mini-agent.cjs turns on there); Node 20 has nothing,
// so this hooks the CommonJS loader for the bundle's files alone and keeps one cache file
// per bundle file in the agent home. Built into dist/bundle-code-cache.cjs by
// scripts/bundle.mjs and installed by the bin before it requires the bundle.
//
// What V8 accepts: a cache made from the same code by the same V8, under the same flags.
// The heap policy changes a flag once the CLI has started (ADR 0017), so a file is compiled
// under one of two flag hashes, and the hash is part of the cache file's name; at exit a
// cache is written only for files compiled under the hash that stands then (a CLI file
// compiled before the policy is cached by the runs that never set it: `sessions`, `--help`).
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import Module from "node:module";
import path from "node:path";
import { cachedDataVersionTag } from "node:v8";
import vm from "node:vm";
import { compileWithCodeCache, type CodeCacheReport, type CompiledScript } from "./engine/approval/code-cache.js";

export interface BundleCodeCache {
  /** One report per bundle file compiled so far (the tests read them). */
  reports(): CodeCacheReport[];
  /** Writes the caches this process could not use; runs by itself at exit. */
  persist(): void;
}

interface Compiled {
  compiled: CompiledScript;
  /** V8's flag hash when the file was compiled: its cache is only valid under the same. */
  tag: number;
}

type CompileHook = (this: NodeJS.Module, content: string, filename: string) => unknown;

const CACHE_SUFFIX = ".v8-cache";

/** `chunk-ABC.cjs` compiled under flag hash 123 is cached as `chunk-ABC.cjs.123.v8-cache`. */
const cacheName = (file: string, tag: number) => `${path.basename(file)}.${tag >>> 0}${CACHE_SUFFIX}`;

/**
 * From now on, each file under `bundleDir` that Node's CommonJS loader compiles goes through
 * the cache in `cacheDir`. Everything else compiles as Node would.
 */
export function installBundleCodeCache(bundleDir: string, cacheDir: string): BundleCodeCache {
  const root = `${path.resolve(bundleDir)}${path.sep}`;
  const seen: Compiled[] = [];
  const prototype = Module.prototype as unknown as { _compile: CompileHook };
  const nodeCompile = prototype._compile;
  prototype._compile = function (content, filename) {
    if (!filename.startsWith(root)) return nodeCompile.call(this, content, filename);
    const tag = cachedDataVersionTag();
    const compiled = compileWithCodeCache(vm, content, filename, path.join(cacheDir, cacheName(filename, tag)));
    seen.push({ compiled, tag });
    const wrapper = compiled.script.runInThisContext() as (...args: unknown[]) => unknown;
    // Node's require for that file: the same module cache, so every chunk is loaded once.
    return wrapper.call(this.exports, this.exports, Module.createRequire(filename), this, filename, path.dirname(filename));
  };

  let persisted = false;
  const cache: BundleCodeCache = {
    reports: () => seen.map(({ compiled }) => compiled.report),
    persist() {
      if (persisted) return;
      persisted = true;
      const now = cachedDataVersionTag();
      const stale = seen.filter(({ compiled, tag }) => tag === now && compiled.report.state !== "hit");
      if (stale.length === 0) return;
      try {
        mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
      } catch {
        return; // a home that cannot hold the cache only costs the time it would save
      }
      for (const { compiled } of stale) compiled.persist();
      pruneOldBuilds(cacheDir, root);
    },
  };
  process.once("exit", () => cache.persist());
  return cache;
}

/** Caches of bundle files that no longer exist (an older build) are removed when new ones are written. */
function pruneOldBuilds(cacheDir: string, root: string): void {
  try {
    const current = new Set([...readdirSync(root), ...readdirSync(path.join(root, "chunks"))]);
    for (const name of readdirSync(cacheDir)) {
      const file = name.replace(/\.\d+\.v8-cache$/, "");
      if (name.endsWith(CACHE_SUFFIX) && !current.has(file)) rmSync(path.join(cacheDir, name), { force: true });
    }
  } catch {
    // Pruning is housekeeping: an unreadable folder leaves old files behind, nothing worse.
  }
}
