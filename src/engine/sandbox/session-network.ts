// The network one session's sandboxed commands get (ADR 0037): every host ("on", said once
// as a warning), or only the allowed hosts through the session's proxy (net-proxy.ts), reached
// on Linux through the shared namespace's forwarder (net-holder.ts) and on macOS on a loopback
// port the profile lets through. Where the proxy cannot run, commands get no network at all,
// and the session says so once.
import path from "node:path";
import { compileRules, describeNetwork, type SandboxNetwork } from "./net-allowlist.js";
import { hostProgram } from "../host/host-programs.js";
import { nodeForForwarder, startNetHolder, type NetHolder } from "./net-holder.js";
import { startNetProxy, type NetProxy } from "./net-proxy.js";

export interface CommandNetwork {
  /** Share the host's network (the setting is "on"). */
  shareHost: boolean;
  /** Linux: the argv prefix that joins the session's namespace; absent: a namespace of the command's own. */
  join?: readonly string[];
  /** The proxy's loopback port on macOS, for the profile. */
  proxyPort?: number;
  /** Proxy variables for the command. */
  env: Record<string, string>;
}

export interface SessionNetwork {
  /** Said once: the network is fully on, or the proxy could not start. */
  readonly notice: string | undefined;
  /** What the next command gets; restarts the namespace if it went away. */
  forCommand(): Promise<CommandNetwork>;
  /** Hosts the proxy refused since the last call, for the result of the command that tried. */
  takeRefused(): string[];
  dispose(): void;
}

/** What clients read: curl, pip, npm, cargo, go, git, gem, yarn 2+, and Node's fetch from v24 on. */
export function proxyEnv(port: number): Record<string, string> {
  const url = `http://127.0.0.1:${port}`;
  const local = "localhost,127.0.0.1,::1";
  return {
    HTTP_PROXY: url, HTTPS_PROXY: url, ALL_PROXY: url, http_proxy: url, https_proxy: url, all_proxy: url,
    YARN_HTTP_PROXY: url, YARN_HTTPS_PROXY: url, NODE_USE_ENV_PROXY: "1",
    NO_PROXY: local, no_proxy: local,
  };
}

const OFFLINE: CommandNetwork = { shareHost: false, env: {} };

export const NETWORK_ON_NOTICE = '"sandbox_network": "on": sandboxed commands may reach any host on the network (only unix sockets stay closed to them).';

export async function startSessionNetwork(options: { network: SandboxNetwork; dir: string; platform: "linux" | "darwin" }): Promise<SessionNetwork> {
  if (options.network.mode === "on") {
    return {
      notice: NETWORK_ON_NOTICE,
      forCommand: async () => ({ shareHost: true, env: {} }),
      takeRefused: () => [],
      dispose() {},
    };
  }
  const rules = compileRules(options.network.hosts);
  let proxy: NetProxy | undefined;
  let holder: NetHolder | undefined;
  let why: string | undefined;
  const linux = options.platform === "linux";
  const node = linux ? nodeForForwarder() : undefined;
  const nsenter = linux ? hostProgram("nsenter") : undefined;
  const bwrap = linux ? hostProgram("bwrap") : undefined;
  const startHolder = async () => {
    holder = await startNetHolder({ socketPath: proxy!.address as string, node: node!, nsenter: nsenter!.path!, bwrap: bwrap!.path! });
  };
  try {
    if (linux && !node) throw new Error("no node on PATH to run its forwarder");
    if (nsenter?.missing !== undefined) throw new Error(nsenter.onlyUntrusted ? nsenter.missing : "nsenter (util-linux) is not installed");
    if (bwrap?.missing !== undefined) throw new Error(bwrap.missing);
    proxy = await startNetProxy({ rules, allowedText: describeNetwork(options.network), ...(linux ? { socketPath: path.join(options.dir, "proxy.sock") } : {}) });
    if (linux) await startHolder();
  } catch (error) {
    why = (error as Error).message;
    void proxy?.close();
    proxy = undefined;
  }
  let restarting: Promise<void> | undefined;
  return {
    notice: why === undefined ? undefined : `The sandbox's network proxy could not start (${why}): sandboxed commands have no network at all.`,
    async forCommand() {
      if (!proxy) return OFFLINE;
      if (!linux) return { shareHost: false, proxyPort: proxy.address as number, env: proxyEnv(proxy.address as number) };
      let join = holder?.joinPrefix();
      if (!join) {
        // The namespace went away (killed from outside): one new one, shared by whoever waits.
        restarting ??= startHolder().catch(() => {}).finally(() => (restarting = undefined));
        await restarting;
        join = holder?.joinPrefix();
      }
      return join && holder ? { shareHost: false, join, env: proxyEnv(holder.port) } : OFFLINE;
    },
    takeRefused: () => proxy?.takeRefused() ?? [],
    dispose() {
      holder?.stop();
      void proxy?.close();
    },
  };
}
