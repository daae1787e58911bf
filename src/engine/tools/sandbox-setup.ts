// Decides, once per session, how commands run (beside the command tools, which it serves): inside bubblewrap, or unconfined, or not at
// all. The probe runs when the first command needs it, not at start-up. "required" (--sandbox, "sandbox": "on") never degrades silently: without bwrap every
// command fails with how to install it. "auto" (the --yes default) uses the sandbox where it
// works and says once that commands run unconfined where it does not.
import { lstatSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { probeBubblewrapAsync, wrapInBubblewrap, type SandboxMode, type SandboxProbe } from "../sandbox/bubblewrap.js";
import { probeSeatbelt, wrapInSeatbelt } from "../sandbox/seatbelt.js";
import type { WriteProtection } from "./critical-guard.js";
import { DENIED_HOME_PATHS } from "./jail-denied.js";
import { ToolError } from "./tool.js";

/** Credential stores hidden inside the sandbox, relative to the home (plus DENIED_HOME_PATHS). */
export const HIDDEN_HOME_PATHS = [
  ...DENIED_HOME_PATHS,
  ".config/gcloud", ".docker", ".pgpass", ".vault-token", ".cargo/credentials", ".cargo/credentials.toml", ".config/hub", ".terraform.d/credentials.tfrc.json",
];

export const INSTALL_HINT = "install bubblewrap (Debian/Ubuntu: sudo apt install bubblewrap; Fedora: sudo dnf install bubblewrap; Arch: sudo pacman -S bubblewrap)";

export interface SandboxOptions {
  mode: SandboxMode;
  root: string;
  home?: string;
  /** More directories to hide (the agent's own home with sessions and keys). */
  hidden?: readonly string[];
  allowNetwork?: boolean;
  /** For tests: a probe of a missing binary. */
  probe?: () => SandboxProbe | Promise<SandboxProbe>;
}

export interface SandboxSetup {
  /**
   * Decides how commands run: probes the sandbox once, without blocking (the first call
   * starts it; later calls share it). Await it before a command is judged or run.
   */
  ready(): Promise<void>;
  /** Commands really run inside the sandbox; false until `ready()` has settled. */
  readonly active: boolean;
  /** Shown once to the user (auto without a sandbox); known once `ready()` has settled. */
  readonly notice: string | undefined;
  /**
   * Wraps a command's argv once the sandbox is decided, with `protection` read-only inside it;
   * rejects with `SandboxUnavailableError` when a required sandbox is missing.
   */
  wrapArgv?: (argv: string[], protection?: WriteProtection) => Promise<string[]>;
  dispose(): void;
}

/** A tool error: the model (and the user) read why the command did not run. */
export class SandboxUnavailableError extends ToolError {}

function existing(candidates: readonly string[]): { path: string; directory: boolean }[] {
  const out: { path: string; directory: boolean }[] = [];
  for (const candidate of new Set(candidates)) {
    try {
      const stats = lstatSync(candidate);
      if (!stats.isSymbolicLink()) out.push({ path: candidate, directory: stats.isDirectory() });
    } catch {
      // Not there: nothing to hide.
    }
  }
  return out;
}

interface Decided {
  active: boolean;
  notice?: string;
  wrap?: (argv: string[], protection?: WriteProtection) => string[];
  dispose(): void;
}

function decide(options: SandboxOptions, probe: SandboxProbe, macOS: boolean): Decided {
  const required = options.mode !== "auto";
  if (!probe.works) {
    if (!required) return { active: false, notice: `No sandbox here (${probe.reason}): commands run unconfined.`, dispose() {} };
    const hint = macOS ? "sandbox-exec ships with macOS; check that it runs" : INSTALL_HINT;
    const message = `the sandbox was requested but cannot run: ${probe.reason}. To use it, ${hint}; to run commands unconfined instead, pass --no-sandbox`;
    return {
      active: false,
      notice: `Sandbox unavailable: ${probe.reason}. Every command will fail until you ${hint} (or pass --no-sandbox).`,
      wrap: () => {
        throw new SandboxUnavailableError(message);
      },
      dispose() {},
    };
  }
  const home = options.home ?? os.homedir();
  const tmpDir = realpathSync(mkdtempSync(path.join(os.tmpdir(), "mini-agent-sandbox-")));
  const candidates = [...HIDDEN_HOME_PATHS.map((item) => path.join(home, item)), ...(options.hidden ?? [])];
  const hide = existing(candidates);
  const allowNetwork = options.allowNetwork ?? true;
  return {
    active: true,
    wrap: macOS
      ? (argv, protection) =>
          wrapInSeatbelt(argv, { root: realpathSync(options.root), tmpDir, hidden: candidates, allowNetwork, ...(protection ?? {}) })
      : (argv, protection) => wrapInBubblewrap(argv, { root: options.root, tmpDir, allowNetwork, hide, ...(protection ? { readOnly: protection.readOnly } : {}) }),
    dispose: () => rmSync(tmpDir, { recursive: true, force: true }),
  };
}

export function setUpSandbox(options: SandboxOptions): SandboxSetup {
  if (options.mode === "off") return { active: false, notice: undefined, ready: async () => {}, dispose() {} };
  const macOS = process.platform === "darwin" && !options.probe;
  let decided: Decided | undefined;
  let deciding: Promise<Decided> | undefined;
  let disposed = false;
  const ready = (): Promise<Decided> => {
    deciding ??= (async () => {
      const probe = await (options.probe ?? (macOS ? probeSeatbelt : probeBubblewrapAsync))();
      decided = decide(options, probe, macOS);
      // Closed while probing: the temp folder made just now goes at once.
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
      return decided?.active ?? false;
    },
    get notice() {
      return decided?.notice;
    },
    wrapArgv: async (argv, protection) => {
      const { wrap } = await ready();
      return wrap ? wrap(argv, protection) : argv;
    },
    dispose: () => {
      disposed = true;
      decided?.dispose();
    },
  };
}
