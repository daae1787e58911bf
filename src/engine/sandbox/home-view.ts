// What a sandboxed command sees of the user's home (ADR 0037): an allowlist, not a denylist.
// The home is replaced by the session's own writable folder (sandbox-dirs.ts), and only
// toolchain installs are bound into it, read-only, each by its real path (a symlinked one is
// resolved first, and refused if it is, holds or sits in a credential store). Caches that
// tools write (~/.npm, ~/.cargo/registry, ~/go/pkg/mod, ~/.m2, ~/.gradle, ~/.cache) are not
// shown: read-only they make installs fail, writable they would let one command plant code
// that every later build on the host runs. Tools fill a fresh cache in the session's home
// instead, through the proxy. Shell start-up files are not shown either: they often export
// tokens. PATH comes from mini-agent's own environment, so what they add to it still applies.
import { readdirSync, realpathSync } from "node:fs";
import path from "node:path";
import { isWithin } from "./hidden-stores.js";
import { realPathIfAny } from "./real-path.js";

/** Relative to the home; `*` matches within one name. Each only if it exists. */
export const SHOWN_HOME_PATHS: readonly string[] = [
  // Node: version managers and the runtimes they installed.
  ".nvm", ".volta/bin", ".volta/tools", ".local/share/fnm", ".fnm", ".bun/bin", ".deno/bin",
  // Rust: the rustup proxies and the toolchains (crates and credentials stay hidden).
  ".cargo/bin", ".rustup",
  // Python: pyenv's versions and shims, user installs, pipx and uv's tools and interpreters.
  ".pyenv", ".local/bin", ".local/lib/python*", ".local/share/pipx", ".local/pipx", ".local/share/uv/python", ".local/share/uv/tools",
  // Go, Java, Ruby, .NET, Haskell, Lean, Nix and the general version managers.
  "go/bin", "sdk", ".sdkman/candidates", ".rbenv", ".gem/ruby", ".local/share/gem/ruby", ".dotnet",
  ".ghcup/bin", ".ghcup/ghc", ".elan", ".nix-profile", ".asdf", ".local/share/mise/installs", ".local/share/mise/shims",
];

export interface HomeBind {
  /** The real path on the host. */
  source: string;
  /** Where it appears inside the sandbox (under the home as the command knows it). */
  target: string;
}

function expand(home: string, pattern: string): string[] {
  if (!pattern.includes("*")) return [pattern];
  const dir = path.posix.dirname(pattern);
  const name = new RegExp(`^${path.posix.basename(pattern).split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join("[^/]*")}$`);
  try {
    return readdirSync(path.join(home, dir)).filter((entry) => name.test(entry)).map((entry) => `${dir}/${entry}`);
  } catch {
    return [];
  }
}

/**
 * The read-only binds into `home` (as the command sees it): the shown paths that exist and
 * PATH's folders inside the home, minus any that is, holds or sits inside one of `stores`
 * (real paths), and minus the home itself (a PATH entry of `~` would show everything).
 */
export function homeBinds(home: string, options: { stores: readonly string[]; pathVariable?: string | undefined }): HomeBind[] {
  let realHome: string;
  try {
    realHome = realpathSync(home);
  } catch {
    return [];
  }
  const relatives = new Set(SHOWN_HOME_PATHS.flatMap((pattern) => expand(home, pattern)));
  for (const dir of (options.pathVariable ?? "").split(path.delimiter)) {
    for (const base of new Set([home, realHome])) {
      const relative = path.relative(base, dir);
      if (relative && !relative.startsWith("..") && !path.isAbsolute(relative)) relatives.add(relative.split(path.sep).join("/"));
    }
  }
  const binds: HomeBind[] = [];
  // Parents first, so a folder already shown is not bound again inside itself. Ties in code-unit
  // order, not localeCompare: the same on every machine, and its first call starts ICU (~8 ms).
  for (const relative of [...relatives].sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0))) {
    const target = path.join(home, relative);
    if (binds.some((bind) => isWithin(target, bind.target))) continue;
    const source = realPathIfAny(target);
    if (source === undefined || isWithin(realHome, source)) continue;
    if (options.stores.some((store) => isWithin(source, store) || isWithin(store, source))) continue;
    binds.push({ source, target });
  }
  return binds;
}
