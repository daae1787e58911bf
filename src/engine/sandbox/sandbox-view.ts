// What a session's sandboxed commands see of the machine outside the workspace (ADR 0037),
// decided once per session: each home replaced by its allowlist view (sandbox/home-view.ts),
// the credential stores elsewhere hidden (symlink targets and variable-moved stores,
// sandbox/hidden-stores.ts), /run with its sockets and mounted secrets emptied, every
// sandbox's temp folder covered, the credentials and sockets kept under fixed names in the
// shared temp folders (a Kerberos ticket cache) hidden. Existence is checked again before
// each command (bwrap cannot mount over what is gone), which costs one lstat per path.
import { lstatSync, readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { HiddenPath, HomeMount } from "./bubblewrap.js";
import { HOME_STORES, isWithin, scanStores } from "./hidden-stores.js";
import { realPathIfAny } from "./real-path.js";
import { homeBinds } from "./home-view.js";
import type { SandboxDirs } from "./sandbox-dirs.js";
import { DENIED_HOME_PATHS } from "../tools/jail/jail-denied.js";

export interface SandboxView {
  /** Hidden before the binds. */
  hide: readonly string[];
  /** Hidden after the workspace bind (stores inside the workspace, a home the workspace holds). */
  hideInside: readonly string[];
  /** Host paths kept visible under a hidden folder (PATH's folders under /run, resolv.conf when the network is on). */
  keep: readonly string[];
  homes: readonly HomeMount[];
  /** Variables naming stores, dropped inside. */
  unset: readonly string[];
}

/** Folders under /run to empty: sockets (docker, D-Bus, the user's runtime dir with its agents), mounted secrets. */
function runFolders(): string[] {
  const out: string[] = [];
  for (const candidate of ["/run", "/var/run", "/var/lib/docker/secrets"]) {
    try {
      if (lstatSync(candidate).isDirectory()) out.push(candidate);
    } catch {
      // Not on this system.
    }
  }
  return out;
}

/**
 * Credentials kept under fixed names in the shared temp folders, outside every home: Kerberos
 * ticket caches (`krb5cc_<uid>`, the default without KRB5CCNAME), ssh-agent, gpg-agent and
 * keyring socket folders, tmux's, and VS Code's git-askpass and IPC sockets.
 */
const TEMP_STORE_NAME = /^(?:krb5cc_.+|ssh-.+|keyring-.+|gpg-.+|tmux-\d+|vscode-(?:ipc|git)-.+\.sock)$/;

/** The temp folders' entries with those names, as they are when the session's sandbox is set up. */
export function tempStores(folders: readonly string[] = [os.tmpdir(), "/tmp", "/var/tmp"]): string[] {
  const out: string[] = [];
  for (const folder of new Set(folders.map((item) => realPathIfAny(item)).filter((item): item is string => Boolean(item)))) {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      continue;
    }
    for (const name of names) if (TEMP_STORE_NAME.test(name)) out.push(path.join(folder, name));
  }
  return out;
}

export function sandboxView(input: {
  root: string;
  dirs: SandboxDirs;
  /** $HOME as mini-agent sees it; the account's home from the password database is covered too. */
  home: string;
  /** More folders to hide wherever they are (the agent's home). */
  hidden: readonly string[];
  env: NodeJS.ProcessEnv;
  shareHostNetwork: boolean;
}): SandboxView {
  const root = realPathIfAny(input.root) ?? input.root;
  const tmp = input.dirs.tmp;
  const homes = [...new Set([input.home, safeUserHome()].filter((home): home is string => Boolean(home)).map((home) => realPathIfAny(home)).filter((home): home is string => Boolean(home)))];
  const scan = scanStores({ homes, env: input.env, extra: input.hidden, storeNames: [...new Set([...HOME_STORES, ...DENIED_HOME_PATHS])] });
  // A home the workspace holds (or is) cannot be replaced without hiding the workspace: its stores are hidden one by one instead.
  const replaced = homes.filter((home) => !isWithin(home, root));
  const homeMounts: HomeMount[] = replaced.map((home, index) => ({
    path: home,
    ...(index === 0 ? { replacement: input.dirs.home } : {}),
    binds: homeBinds(home, { stores: scan.stores, pathVariable: input.env.PATH }),
  }));
  const hide: string[] = [...input.dirs.hiddenParents, ...runFolders()];
  const hideInside: string[] = [];
  for (const store of [...scan.stores, ...scan.broad, ...tempStores()]) {
    if (replaced.some((home) => isWithin(store, home))) continue; // absent with its home
    if (isWithin(root, store) || isWithin(tmp, store)) continue; // would hide the workspace
    if (hide.some((folder) => isWithin(store, folder))) continue;
    (isWithin(store, root) ? hideInside : hide).push(store);
  }
  // What PATH needs under /run stays (NixOS keeps every program under /run/current-system and /run/wrappers).
  const keep: string[] = [];
  for (const dir of (input.env.PATH ?? "").split(path.delimiter)) {
    const top = /^\/(?:var\/)?run\/[^/]+/.exec(path.normalize(dir))?.[0];
    // Never the per-user runtime folders (agents, keyrings, registry logins) or mounted secrets.
    if (top && !/\/(user|secrets)$/.test(top) && !keep.includes(top) && realPathIfAny(top)) keep.push(top);
  }
  if (input.shareHostNetwork) {
    // Name resolution with the network on: /etc/resolv.conf often points into /run.
    const resolv = realPathIfAny("/etc/resolv.conf");
    if (resolv && resolv !== "/etc/resolv.conf") keep.push(resolv);
  }
  return { hide, hideInside, keep, homes: homeMounts, unset: scan.unset };
}

/** The account's home from the password database (the suite's HOME may differ). */
function safeUserHome(): string | undefined {
  try {
    return os.userInfo().homedir || undefined;
  } catch {
    return undefined;
  }
}

/** The paths that exist now, each as a folder (tmpfs) or anything else (/dev/null over it). */
export function existingHidden(paths: readonly string[]): HiddenPath[] {
  const out: HiddenPath[] = [];
  for (const item of paths) {
    try {
      out.push({ path: item, directory: statSync(item).isDirectory() });
    } catch {
      // Gone: nothing to hide.
    }
  }
  return out;
}

/** For tests and the docs: the home-relative paths every view hides when the home cannot be replaced. */
export const FALLBACK_HOME_STORES = [...new Set([...HOME_STORES, ...DENIED_HOME_PATHS])].map((relative) => path.normalize(relative));
