// One network namespace per session for sandboxed commands on Linux (ADR 0037). A bubblewrap
// started once ("the holder") owns a namespace with only loopback in it, and runs a tiny Node
// forwarder there: 127.0.0.1:<port> → the host proxy's unix socket (net-proxy.ts). Each
// command's bwrap joins that namespace through nsenter instead of unsharing its own, so
// HTTP_PROXY points at a forwarder that is already listening: no per-command Node start
// (~40 ms, more on a loaded machine), no race with a command that connects at once, and a
// server one command starts in the background is reachable from the next. Host loopback,
// host interfaces and host abstract sockets are all in another namespace.
// Joining needs nsenter (util-linux); where the holder cannot start, commands get a namespace
// of their own with nothing in it (no network at all), and the session says so once.
import * as childProcess from "node:child_process";
import { readlinkSync } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { hostProgram } from "../host/host-programs.js";

/** Runs inside the holder: every connection to its loopback port is relayed to the host proxy. */
export const FORWARDER_SCRIPT = [
  'const net = require("net");',
  "const target = process.argv[1];",
  "const server = net.createServer((client) => {",
  "  const upstream = net.connect(target);",
  "  const drop = () => { client.destroy(); upstream.destroy(); };",
  '  client.on("error", drop); upstream.on("error", drop);',
  "  client.pipe(upstream); upstream.pipe(client);",
  "});",
  'server.listen(0, "127.0.0.1", () => process.stdout.write(server.address().port + "\\n"));',
].join("\n");

export interface NetHolder {
  /** The forwarder's port inside the namespace: HTTP_PROXY is http://127.0.0.1:<port>. */
  readonly port: number;
  /** The argv that runs what follows inside the namespace; undefined once the holder is gone. */
  joinPrefix(): string[] | undefined;
  stop(): void;
}

const START_TIMEOUT_MS = 10_000;

/** A Node to run the forwarder: this process's own, unless it is the standalone binary. */
export function nodeForForwarder(): string | undefined {
  return /^node(\.exe)?$/i.test(path.basename(process.execPath)) ? process.execPath : hostProgram("node").path;
}

function readAll(stream: Readable | null | undefined): Promise<string> {
  return new Promise((resolve) => {
    if (!stream) return resolve("");
    let text = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => (text += chunk));
    stream.on("end", () => resolve(text));
    stream.on("error", () => resolve(text));
  });
}

function firstLine(stream: Readable | null | undefined): Promise<string> {
  return new Promise((resolve) => {
    if (!stream) return resolve("");
    let text = "";
    stream.setEncoding("utf8");
    const onData = (chunk: string) => {
      text += chunk;
      if (text.includes("\n")) {
        stream.off("data", onData);
        resolve(text.slice(0, text.indexOf("\n")));
      }
    };
    stream.on("data", onData);
    stream.on("end", () => resolve(text));
  });
}

const nsOf = (pid: number | "self", kind: "net" | "user") => readlinkSync(`/proc/${pid}/ns/${kind}`);

/** Starts the holder; rejects with the reason when it cannot run here. */
/** Every program by absolute path (host/host-programs.ts): nsenter would look `bwrap` up in PATH again. */
export async function startNetHolder(options: { socketPath: string; node: string; nsenter: string; bwrap: string }): Promise<NetHolder> {
  const args = [
    "--ro-bind", "/", "/", "--proc", "/proc",
    "--unshare-pid", "--unshare-net", "--die-with-parent", "--info-fd", "3",
    "--", options.node, "-e", FORWARDER_SCRIPT, options.socketPath,
  ];
  const child = childProcess.spawn(options.bwrap, args, { stdio: ["ignore", "pipe", "pipe", "pipe"], env: { PATH: process.env.PATH ?? "/usr/bin:/bin" } });
  let exited = false;
  const stderr = readAll(child.stderr);
  const gone = new Promise<string>((resolve) => {
    child.once("error", (error) => resolve(error.message));
    child.once("exit", (code, signal) => {
      exited = true;
      void stderr.then((text) => resolve(text.trim() || `exit ${code ?? signal}`));
    });
  });
  const stop = () => {
    if (!exited) child.kill("SIGKILL");
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(`it did not start within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS)));
  try {
    const started = Promise.all([readAll(child.stdio[3] as Readable), firstLine(child.stdout)]);
    const outcome = await Promise.race([started, gone.then((why) => new Error(why)), timeout.then((why) => new Error(why))]);
    if (outcome instanceof Error) throw outcome;
    const [info, portLine] = outcome;
    const pid = Number((JSON.parse(info) as { "child-pid"?: number })["child-pid"]);
    const port = Number(portLine.trim());
    if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) throw new Error(`unexpected start-up output: ${JSON.stringify(info)} ${JSON.stringify(portLine)}`);
    const net = nsOf(pid, "net");
    if (net === nsOf("self", "net")) throw new Error("it shares this process's network namespace");
    const joinUser = nsOf(pid, "user") !== nsOf("self", "user");
    const prefix = [options.nsenter, `--net=/proc/${pid}/ns/net`, ...(joinUser ? [`--user=/proc/${pid}/ns/user`, "--preserve-credentials"] : []), "--"];
    // nsenter needs the right to join (CAP_SYS_ADMIN over the namespace): tried once here.
    const joined = await new Promise<string | undefined>((resolve) =>
      childProcess.execFile(prefix[0]!, [...prefix.slice(1), "true"], { timeout: START_TIMEOUT_MS }, (error, _out, err) => resolve(error ? String(err).trim() || error.message : undefined)),
    );
    if (joined !== undefined) throw new Error(`nsenter cannot join its namespace: ${joined}`);
    child.unref();
    for (const stream of [child.stdout, child.stderr, child.stdio[3]]) (stream as { unref?: () => void } | null)?.unref?.();
    return {
      port,
      joinPrefix() {
        if (exited) return undefined;
        try {
          // The same namespace, not a process that took over the pid.
          return nsOf(pid, "net") === net ? prefix : undefined;
        } catch {
          return undefined;
        }
      },
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
