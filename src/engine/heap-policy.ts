// How the V8 heap may grow in this process (ADR 0017, ADR 0024). A long turn keeps every tool
// result it reads, so each young-generation collection finds much of it alive, and V8 answers
// by doubling the young generation up to 16 MiB per semi-space: +30 MiB of RSS that holds
// nothing. Keeping the young generation at its starting size makes RSS follow what the process
// really holds.
//
// Changing any V8 flag at run time changes V8's flag hash, and Node then rejects its embedded
// code cache for every built-in module loaded afterwards (they compile from source: ~10 ms per
// run). V8 never shrinks the young generation of a busy process, so the flag cannot wait for a
// long turn: growth during start-up (our modules' top-level objects all survive) is never
// given back. So the built-ins every run needs are loaded first, then the flag is set, then
// our own modules (which have no code cache to lose) are evaluated. A built-in only some runs
// need (child processes, zlib) loads on first use through `lateBuiltin`, with the default
// flag back for that one synchronous require: the hash is the start-up one again, so the
// code cache holds (ADR 0028).
import { createRequire } from "node:module";
import { setFlagsFromString } from "node:v8";

const require = createRequire(import.meta.url);

/** What the engine's modules import on the print path (test/cli/heap-policy.test.ts checks it). */
const ENGINE_BUILTINS = [
  "node:crypto",
  "node:diagnostics_channel",
  "node:fs/promises",
  "node:net",
  "node:os",
  "node:stream",
  "node:string_decoder",
  "node:timers/promises",
];

/**
 * What a provider's HTTP(S) client loads on its first request (node:dns for a host name),
 * and node:vm for the shell parser warmed up while that request waits (FAKE_LLM needs none
 * of it; web_fetch's address guard loads node:dns on its first fetch). Not Node's internal
 * undici: the SDKs' Headers and Response are our own (ADR 0026).
 */
const NETWORK_BUILTINS = ["node:dns", "node:http", "node:https", "node:vm"];

/** FAKE_LLM (the demo, a script) is the only model that needs no HTTP client. */
export function usesNetwork(env: NodeJS.ProcessEnv): boolean {
  return !env["FAKE_LLM"]?.trim();
}

export function builtinsBeforePolicy(network: boolean): readonly string[] {
  return network ? [...ENGINE_BUILTINS, ...NETWORK_BUILTINS] : ENGINE_BUILTINS;
}

/** The flag that holds the young generation, and V8's default it replaces. */
const HOLD_YOUNG_GENERATION = "--semi-space-growth-factor=1";
const V8_DEFAULT_GROWTH = "--semi-space-growth-factor=2";

let applied: Promise<void> | undefined;
let flagSet = false;
const late = new Map<string, unknown>();

/**
 * A Node built-in that not every run needs, loaded on first use. While the young-generation
 * flag is set, V8's default is put back for this one synchronous require (no collection can
 * grow the young generation in between that matters), so the built-in compiles from Node's
 * code cache instead of from source.
 */
export function lateBuiltin<T>(id: string): T {
  let loaded = late.get(id);
  if (loaded === undefined) {
    if (flagSet) setFlagsFromString(V8_DEFAULT_GROWTH);
    try {
      loaded = require(id) as unknown;
    } finally {
      if (flagSet) setFlagsFromString(HOLD_YOUNG_GENERATION);
    }
    late.set(id, loaded);
  }
  return loaded as T;
}

export const childProcess = (): typeof import("node:child_process") => lateBuiltin("node:child_process");
export const zlib = (): typeof import("node:zlib") => lateBuiltin("node:zlib");

/**
 * Loads the built-ins the engine will use (from Node's code cache), then keeps the young
 * generation at its starting size. Call before importing the engine; once per process.
 */
export function applyHeapPolicy(options: { network: boolean }): Promise<void> {
  applied ??= (async () => {
    // require(), as the bundle's own imports do (it is CommonJS, ADR 0031; so is the
    // standalone binary, ADR 0014).
    for (const id of builtinsBeforePolicy(options.network)) require(id);
    // A response body is a web ReadableStream: the global loads web streams (and worker/io),
    // less than node:stream/web would. Not Headers/Response: ours do not load undici (ADR 0026).
    if (options.network) void globalThis.ReadableStream;
    // Read by V8 each time it considers growing the young generation, so it applies at run time.
    setFlagsFromString(HOLD_YOUNG_GENERATION);
    flagSet = true;
  })();
  return applied;
}
