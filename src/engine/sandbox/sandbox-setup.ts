// Decides, once per session, how commands run (beside the command tools, which it serves): inside bubblewrap, or unconfined, or not at
// all. The probe runs when the first command needs it, not at start-up. "required" (--sandbox, "sandbox": "on") never degrades silently: without bwrap every
// command fails with how to install it. "auto" (the --yes default) uses the sandbox where it
// works and says once that commands run unconfined where it does not.
import { realpathSync } from "node:fs";
import os from "node:os";
import { distrustForHostPrograms, requireHostProgram } from "../host/host-programs.js";
import { probeBubblewrapAsync, probeSeccompAsync, wrapInBubblewrap, type SandboxMode, type SandboxProbe } from "./bubblewrap.js";
import { DEFAULT_SANDBOX_NETWORK, type SandboxNetwork } from "./net-allowlist.js";
import { makeSandboxDirs } from "./sandbox-dirs.js";
import { probeSeatbelt, wrapInSeatbelt } from "./seatbelt.js";
import { unixSocketFilter } from "./seccomp-filter.js";
import { NETWORK_ON_NOTICE, startSessionNetwork, type CommandNetwork, type SessionNetwork } from "./session-network.js";

/** A command that needs no network: an empty namespace, no proxy. */
const OFFLINE_COMMAND: CommandNetwork = { shareHost: false, env: {} };
import type { WriteProtection } from "./critical-guard.js";
import { existingHidden, sandboxView } from "./sandbox-view.js";
import { ToolError } from "../tools/tool.js";

export const INSTALL_HINT = "install bubblewrap (Debian/Ubuntu: sudo apt install bubblewrap; Fedora: sudo dnf install bubblewrap; Arch: sudo pacman -S bubblewrap)";

export interface SandboxOptions {
  mode: SandboxMode;
  root: string;
  home?: string;
  /** More directories to hide (the agent's own home with sessions and keys). */
  hidden?: readonly string[];
  /** Which hosts sandboxed commands may reach (default: the package registries, ADR 0037). */
  network?: SandboxNetwork;
  /** The commands' environment: stores it moves are hidden, its variables dropped inside. */
  env?: NodeJS.ProcessEnv;
  /** For tests: a probe of a missing binary. */
  probe?: () => SandboxProbe | Promise<SandboxProbe>;
}

/** A command ready to run in the sandbox. */
export interface WrappedCommand {
  argv: string[];
  /** Bytes for its fd 3 (the seccomp program bwrap reads). */
  fd3?: Buffer;
}

export interface SandboxSetup {
  /**
   * Decides how commands run: probes the sandbox once, without blocking (the first call
   * starts it; later calls share it). Await it before a command is judged or run.
   */
  ready(): Promise<void>;
  /**
   * Commands that may write run inside the sandbox (the policy may let workspace-only writes
   * skip asking); false until `ready()` has settled, and always in `read-only-unasked` mode.
   */
  readonly active: boolean;
  /** The sandbox wraps commands at all (in `read-only-unasked` mode, those proved read-only). */
  readonly confines: boolean;
  /** Shown once to the user (auto without a sandbox, the network fully on or offline); known once `ready()` has settled. */
  readonly notice: string | undefined;
  /**
   * Wraps a command's argv once the sandbox is decided, with `protection` read-only inside it;
   * rejects with `SandboxUnavailableError` when a required sandbox is missing.
   */
  wrapArgv?: (argv: string[], protection?: WriteProtection, offline?: boolean) => Promise<WrappedCommand>;
  /** Hosts the network proxy refused since the last call (`host:port`). */
  takeRefused(): string[];
  dispose(): void;
}

/** A tool error: the model (and the user) read why the command did not run. */
export class SandboxUnavailableError extends ToolError {}

interface Decided {
  active: boolean;
  notice?: string;
  wrap?: (argv: string[], protection?: WriteProtection, offline?: boolean) => Promise<WrappedCommand>;
  takeRefused(): string[];
  dispose(): void;
}

async function decide(options: SandboxOptions, probe: SandboxProbe, macOS: boolean): Promise<Decided> {
  const readOnlyOnly = options.mode === "read-only-unasked";
  const required = options.mode !== "auto" && !readOnlyOnly;
  const none = { takeRefused: () => [], dispose() {} };
  if (!probe.works && readOnlyOnly) return { active: false, ...none };
  if (!probe.works) {
    if (!required) return { active: false, notice: `No sandbox here (${probe.reason}): commands run unconfined.`, ...none };
    const hint = macOS ? "sandbox-exec ships with macOS; check that it runs" : INSTALL_HINT;
    const message = `the sandbox was requested but cannot run: ${probe.reason}. To use it, ${hint}; to run commands unconfined instead, pass --no-sandbox`;
    return {
      active: false,
      notice: `Sandbox unavailable: ${probe.reason}. Every command will fail until you ${hint} (or pass --no-sandbox).`,
      wrap: () => Promise.reject(new SandboxUnavailableError(message)),
      ...none,
    };
  }
  const env = options.env ?? process.env;
  const dirs = makeSandboxDirs();
  // What commands can write (the session's temp and home) is never where mini-agent finds bwrap or git.
  distrustForHostPrograms([dirs.base]);
  const setting = options.network ?? DEFAULT_SANDBOX_NETWORK;
  // Started by the first command that may use the network: one the allowlist proved read-only
  // runs offline and never pays for the proxy, its namespace and its forwarder (~40-90 ms).
  let networkStart: Promise<SessionNetwork> | undefined;
  let network: SessionNetwork | undefined;
  let networkNoticeSaid = setting.mode === "on";
  const startNetwork = () =>
    (networkStart ??= startSessionNetwork({ network: setting, dir: dirs.net, platform: macOS ? "darwin" : "linux" }).then((started) => (network = started)));
  const view = sandboxView({ root: options.root, dirs, home: options.home ?? os.homedir(), hidden: options.hidden ?? [], env, shareHostNetwork: setting.mode === "on" });
  const dispose = () => {
    void networkStart?.then((started) => started.dispose());
    dirs.dispose();
  };
  const program = macOS ? undefined : unixSocketFilter();
  // Checked once (with the probe, in the same bwrap spawn): a kernel that refuses the filter would otherwise fail every command.
  const loads = program ? (probe.seccomp ?? (await probeSeccompAsync(program))) : false;
  const seccomp = program && loads ? program : undefined;
  const socketNotice = !macOS && !seccomp ? `Unix sockets are not closed to sandboxed commands here (${program ? "bwrap could not load the seccomp filter" : `no filter for ${process.arch}`}); /run and the homes are still hidden.` : undefined;
  const root = realpathSync(options.root);
  return {
    active: true,
    ...(!readOnlyOnly && (networkNoticeSaid || socketNotice) ? { notice: [networkNoticeSaid ? NETWORK_ON_NOTICE : undefined, socketNotice].filter(Boolean).join(" ") } : {}),
    wrap: async (argv, protection, offline) => {
      const net = offline ? OFFLINE_COMMAND : await (await startNetwork()).forCommand();
      if (macOS) {
        // The homes are not hidden whole here (the workspace is often in one): their data is unreadable but for what is shown.
        const hidden = [...view.hide.filter((item) => !item.startsWith("/run") && !item.startsWith("/var/run")), ...view.hideInside];
        const shown = view.homes.flatMap((home) => home.binds.map((bind) => bind.source));
        const envArgs = ["env", ...view.unset.flatMap((name) => ["-u", name]), ...Object.entries(net.env).map(([name, value]) => `${name}=${value}`)];
        const profile = { root, tmpDir: dirs.tmp, hidden, homes: view.homes.map((home) => home.path), shown, allowNetwork: net.shareHost, ...(net.proxyPort ? { proxyPort: net.proxyPort } : {}), ...(protection ?? {}) };
        return { argv: wrapInSeatbelt([...envArgs, "TMPDIR=" + dirs.tmp, ...argv], profile) };
      }
      const wrapped = wrapInBubblewrap(argv, {
        bwrap: requireHostProgram("bwrap"),
        root,
        tmpDir: dirs.tmp,
        ...(net.join ? { join: net.join } : { allowNetwork: net.shareHost }),
        hide: existingHidden(view.hide),
        hideInside: existingHidden(view.hideInside),
        keep: view.keep,
        homes: view.homes,
        ...(protection ? { readOnly: protection.readOnly } : {}),
        ...(seccomp ? { seccompFd: 3 } : {}),
        setEnv: net.env,
        unsetEnv: view.unset,
      });
      return { argv: wrapped, ...(seccomp ? { fd3: seccomp } : {}) };
    },
    takeRefused: () => {
      // The proxy's own failure to start is said once, with the first command that wanted the network.
      const failed = !networkNoticeSaid && network?.notice ? [network.notice] : [];
      if (failed.length > 0) networkNoticeSaid = true;
      return [...failed, ...(network?.takeRefused() ?? [])];
    },
    dispose,
  };
}

export function setUpSandbox(options: SandboxOptions): SandboxSetup {
  if (options.mode === "off") return { active: false, confines: false, notice: undefined, ready: async () => {}, takeRefused: () => [], dispose() {} };
  distrustForHostPrograms([options.root, ...(options.hidden ?? [])]);
  const macOS = process.platform === "darwin" && !options.probe;
  let decided: Decided | undefined;
  let deciding: Promise<Decided> | undefined;
  let disposed = false;
  const ready = (): Promise<Decided> => {
    deciding ??= (async () => {
      const probe = await (options.probe ?? (macOS ? probeSeatbelt : () => probeBubblewrapAsync(unixSocketFilter())))();
      decided = await decide(options, probe, macOS);
      // Closed while probing: the temp folder and the proxy made just now go at once.
      if (disposed) decided.dispose();
      return decided;
    })();
    return deciding;
  };
  return {
    ready: async () => {
      await ready();
    },
    get active() {
      return options.mode !== "read-only-unasked" && (decided?.active ?? false);
    },
    get confines() {
      return decided?.active ?? false;
    },
    get notice() {
      return decided?.notice;
    },
    wrapArgv: async (argv, protection, offline) => {
      const { wrap } = await ready();
      return wrap ? wrap(argv, protection, offline) : { argv };
    },
    takeRefused: () => decided?.takeRefused() ?? [],
    dispose: () => {
      disposed = true;
      decided?.dispose();
    },
  };
}
