// The environment that preloads module-probe.cjs into a CLI child, and what it recorded:
// every module file the child loaded, and (at exit) the built-ins.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const PROBE = fileURLToPath(new URL("./module-probe.cjs", import.meta.url));

export interface ModuleProbe {
  env: Record<string, string>;
  /** Module files the child loaded, each once, in load order. */
  loaded(): string[];
  /** process.moduleLoadList at the child's exit ("NativeModule …" entries and others). */
  builtins(): string[];
}

export function moduleProbe(): ModuleProbe {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mini-agent-probe-"));
  const log = path.join(dir, "modules.txt");
  const builtins = path.join(dir, "builtins.txt");
  const lines = (file: string) => (existsSync(file) ? [...new Set(readFileSync(file, "utf8").split("\n").filter(Boolean))] : []);
  return {
    env: { NODE_OPTIONS: `--require ${JSON.stringify(PROBE)}`, MODULE_PROBE_LOG: log, MODULE_PROBE_BUILTINS: builtins },
    loaded: () => lines(log),
    builtins: () => lines(builtins),
  };
}
