// Compiles CommonJS code through vm.Script with a V8 code cache kept on disk (ADR 0022): the
// shell parser (mvdan-sh is 1.5 MB of GopherJS: compiling it costs ~40 ms on every run,
// deserialising the bytecode V8 made last time ~6 ms). It uses vm.Script.s documented
// `cachedData`, nothing private. The cache is an optimisation only: a missing, stale,
// corrupt or unwritable cache file means a normal compile, never a failed run.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";

/** hit: bytecode came from the file; miss: none for this source; rejected: V8 refused it; corrupt: bad header or checksum. */
export type CodeCacheState = "hit" | "miss" | "rejected" | "corrupt";

export interface CodeCacheReport {
  state: CodeCacheState;
  file: string;
  /** A fresh cache was written for the next process. */
  written: boolean;
  /** Why it could not be written (a read-only home): the run goes on without it. */
  writeError?: string;
}

export interface CachedModule {
  exports: unknown;
  report: CodeCacheReport;
  /**
   * Writes the cache when it was not used, after `warm` has run code worth keeping: V8
   * compiles functions lazily, and only those compiled by then are in the cache.
   */
  persist(): void;
}

const MAGIC = "mini-agent code cache 1";

const digest = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

/** Same source, same Node, same CPU: the only caches V8 can use (it also checks its flags). */
export function codeCacheKey(source: Buffer | string): string {
  return `${digest(source).slice(0, 32)} ${process.version} ${process.arch}`;
}

/**
 * The cached bytecode in `file` when its header names `key` and its checksum holds. V8 trusts
 * the bytes it is given (a flipped byte crashes the process), so nothing unchecked reaches it.
 */
function readCache(file: string, key: string): Buffer | "corrupt" | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  // MAGIC \n key \n checksum \n bytecode
  const lines = bytes.subarray(0, 512).toString("latin1").split("\n");
  if (lines.length < 4 || lines[0] !== MAGIC) return "corrupt";
  const [, fileKey = "", checksum = ""] = lines;
  if (fileKey !== key) return undefined;
  const data = bytes.subarray(MAGIC.length + fileKey.length + checksum.length + 3);
  return digest(data) === checksum ? data : "corrupt";
}

/** Temp file and rename: a reader in another process sees the old cache or the new one, never half. */
function writeCache(file: string, key: string, data: Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, Buffer.concat([Buffer.from(`${MAGIC}\n${key}\n${digest(data)}\n`, "latin1"), data]));
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** A script compiled with what its cache file held, and how to refresh that file. */
export interface CompiledScript {
  script: vm.Script;
  report: CodeCacheReport;
  /** Writes the cache when it was not used (see CachedModule.persist). */
  persist(): void;
}

/**
 * Compiles a CommonJS module's code in Node's module wrapper, with the bytecode `cacheFile`
 * holds for exactly this code, Node and CPU.
 */
export function compileWithCodeCache(code: string, filename: string, cacheFile: string): CompiledScript {
  const key = codeCacheKey(code);
  const cached = readCache(cacheFile, key);
  const script = new vm.Script(commonJsWrapper(code), { filename, ...(Buffer.isBuffer(cached) ? { cachedData: cached } : {}) });
  const state: CodeCacheState = cached === "corrupt" ? "corrupt" : cached === undefined ? "miss" : script.cachedDataRejected ? "rejected" : "hit";
  const report: CodeCacheReport = { state, file: cacheFile, written: false };
  return {
    script,
    report,
    persist() {
      if (state === "hit" || report.written || report.writeError) return;
      try {
        writeCache(cacheFile, key, script.createCachedData());
        report.written = true;
      } catch (error) {
        report.writeError = (error as Error).message;
      }
    },
  };
}

/** Node's CommonJS wrapper around a module's code; a leading `#!` line becomes a comment, as Node reads it. */
function commonJsWrapper(code: string): string {
  const body = code.startsWith("#!") ? `//${code.slice(2)}` : code;
  return `(function (exports, require, module, __filename, __dirname) {${body}\n})`;
}

/** Runs `moduleFile` as Node's CommonJS loader would, using and refreshing the cache in `cacheFile`. */
export function requireWithCodeCache(moduleFile: string, cacheFile: string): CachedModule {
  // The same wrapper as Node's CommonJS loader, so the module sees what `require` gives it.
  const compiled = compileWithCodeCache(readFileSync(moduleFile, "utf8"), moduleFile, cacheFile);
  const module = { exports: {} as unknown };
  const wrapper = compiled.script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(moduleFile), module, moduleFile, path.dirname(moduleFile));
  return { exports: module.exports, report: compiled.report, persist: compiled.persist };
}
