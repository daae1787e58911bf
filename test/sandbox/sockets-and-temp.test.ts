// Host sockets and other sessions' temp folders, seen from inside the real bubblewrap (ADR
// 0037). Real unix socket servers run in the test and count who reached them: the ssh agent's
// socket, an abstract one, one in the shared /tmp, one in the workspace. Two sessions' temp
// folders are compared from both sides.
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { createSocket, type Socket as UdpSocket } from "node:dgram";
import { createServer, type Server } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { probeBubblewrap } from "../../src/engine/sandbox/bubblewrap.js";
import { unixSocketFilter } from "../../src/engine/sandbox/seccomp-filter.js";
import { createCommandTools, type CommandTools } from "../../src/engine/tools/command/command-tools.js";
import { waitFor } from "../helpers/processes.js";

const bwrapWorks = probeBubblewrap().works;
const filtered = bwrapWorks && unixSocketFilter() !== undefined;
let base: string;
let root: string;
const sessions: CommandTools[] = [];
const servers: Server[] = [];

function open(env: NodeJS.ProcessEnv = {}): (command: string) => Promise<string> {
  const session = createCommandTools({ root, tasksDir: path.join(base, `tasks-${sessions.length}`), sandbox: "workspace-write", env: { PATH: process.env.PATH, ...env } });
  sessions.push(session);
  const tool = session.tools.find((candidate) => candidate.name === "run_command")!;
  return async (command) => (await tool.execute({ command }, { signal: new AbortController().signal })).content;
}

/** A unix socket server on the host that answers "reached" and counts its connections. */
async function socketServer(where: string): Promise<{ connections: () => number }> {
  let count = 0;
  const server = createServer((socket) => {
    count += 1;
    socket.end("reached\n");
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(where, resolve));
  return { connections: () => count };
}

/** Node inside the sandbox connects to `target` and prints what happened. */
const connect = (target: string) =>
  `node -e "const s = require('net').connect(${JSON.stringify(target).replace(/"/g, "'")}); s.on('data', (d) => process.stdout.write('got ' + d)); s.on('error', (e) => console.log('refused ' + e.code))"`;

beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), "sockets-temp-"));
  root = path.join(base, "ws");
  mkdirSync(root);
});
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.closeAll();
  for (const server of servers.splice(0)) server.close();
  rmSync(base, { recursive: true, force: true });
});

describe.skipIf(!filtered)("no host unix socket is reachable", () => {
  it("the ssh agent's socket, by SSH_AUTH_SOCK or by its path", async () => {
    const agent = path.join(base, "ssh-agent", "agent.123");
    mkdirSync(path.dirname(agent));
    const server = await socketServer(agent);
    const out = await open({ SSH_AUTH_SOCK: agent })(`${connect(agent)}; echo "var:\${SSH_AUTH_SOCK-unset}"`);
    expect(out).toContain("var:unset");
    expect(out).not.toContain("got reached");
    expect(server.connections()).toBe(0);
  });

  it("an abstract socket (no path at all)", async () => {
    const name = `\0mini-agent-test-${process.pid}-${Date.now()}`;
    const server = await socketServer(name);
    const out = await open()(connect(name));
    expect(out).toContain("refused");
    expect(server.connections()).toBe(0);
  });

  it("a socket in the shared /tmp, and one a host program listens on inside the workspace", async () => {
    const shared = path.join(os.tmpdir(), `mini-agent-test-${process.pid}-${Date.now()}.sock`);
    const inWorkspace = path.join(root, "dev.sock");
    const a = await socketServer(shared);
    const b = await socketServer(inWorkspace);
    try {
      const out = await open()(`${connect(shared)}; ${connect(inWorkspace)}`);
      expect(out.match(/refused/g)).toHaveLength(2);
      expect(a.connections() + b.connections()).toBe(0);
    } finally {
      rmSync(shared, { force: true });
    }
  });
});

describe.skipIf(!bwrapWorks)("each sandbox's temp folder is its own", () => {
  it("is closed to other users (0700 up to the per-user folder)", async () => {
    const tmp = (await open()('printf "%s" "$TMPDIR"')).match(/stdout:\n(.*)/)![1]!;
    expect(statSync(tmp).mode & 0o777).toBe(0o700);
    expect(statSync(path.dirname(tmp)).mode & 0o777).toBe(0o700);
    expect(statSync(path.dirname(path.dirname(tmp))).mode & 0o777).toBe(0o700);
  });

  it("another session's temp folder, and what is in it, is invisible", async () => {
    const first = open();
    const second = open();
    const tmp = (await first('echo FIRSTSECRET > "$TMPDIR/note" && printf "%s" "$TMPDIR"')).match(/stdout:\n(.*)/)![1]!;
    expect(existsSync(path.join(tmp, "note"))).toBe(true);
    const sessionDir = path.dirname(tmp);
    const out = await second(`cat ${tmp}/note; ls ${path.dirname(sessionDir)}; echo done`);
    expect(out).toContain("done");
    expect(out).not.toContain("FIRSTSECRET");
    // Its own folder is there; the first session's is not.
    const listed = out.match(/stdout:\n([\s\S]*?)done/)![1]!.trim().split("\n");
    expect(listed).toHaveLength(1);
    expect(listed).not.toContain(path.basename(sessionDir));
    // The first session still reads its own.
    expect(await first(`cat ${tmp}/note`)).toContain("FIRSTSECRET");
  });

  it("another user's sandbox folder in the temp dir is covered too", async () => {
    const other = path.join(os.tmpdir(), `mini-agent-sandbox-${(process.getuid?.() ?? 0) + 40_000 + (process.pid % 10_000)}`);
    mkdirSync(other, { mode: 0o700 });
    try {
      writeFileSync(path.join(other, "secret"), "OTHERSECRET\n");
      const out = await open()(`cat ${other}/secret; ls ${other}; echo done`);
      expect(out).toContain("done");
      expect(out).not.toContain("OTHERSECRET");
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!filtered)("siblings: other ways out (issue 21, class 3)", () => {
  it("UDP to a host server on its loopback, TCP to the host's IPv6 loopback: nothing arrives", async () => {
    const received: string[] = [];
    const udp: UdpSocket = createSocket("udp4");
    udp.on("message", (message) => received.push(String(message)));
    await new Promise<void>((resolve) => udp.bind(0, "127.0.0.1", resolve));
    const udpPort = udp.address().port;
    let tcp6 = 0;
    const server = createServer((socket) => {
      tcp6 += 1;
      socket.end("reached\n");
    });
    servers.push(server);
    const v6 = await new Promise<boolean>((resolve) => server.once("error", () => resolve(false)).listen(0, "::1", () => resolve(true)));
    try {
      const send = `node -e "const s = require('dgram').createSocket('udp4'); s.send('from-sandbox', ${udpPort}, '127.0.0.1', () => s.close())"`;
      const port6 = v6 ? (server.address() as { port: number }).port : 0;
      const tcp = `node -e "require('net').connect({host: '::1', port: ${port6}}).on('data', d => console.log('got ' + d)).on('error', e => console.log('refused ' + e.code))"`;
      const out = await open()(`${send}; ${v6 ? tcp : "true"}; echo done`);
      expect(out).toContain("done");
      expect(out).not.toContain("got reached");
      // Datagrams arrive in order: once the host's own one is here, the sandbox's would have been too.
      const sender = createSocket("udp4");
      sender.send("from-host", udpPort, "127.0.0.1", () => sender.close());
      await waitFor(() => received.includes("from-host"));
      expect(received).toEqual(["from-host"]);
      expect(tcp6).toBe(0);
    } finally {
      udp.close();
    }
  });

  it("a D-Bus style address in the environment, a socket under a runtime folder, and a workspace link to it: refused", async () => {
    const runtime = path.join(base, "run-user");
    mkdirSync(runtime);
    const bus = await socketServer(path.join(runtime, "bus"));
    symlinkSync(path.join(runtime, "bus"), path.join(root, "bus.sock"));
    const run = open({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${path.join(runtime, "bus")}`, XDG_RUNTIME_DIR: runtime });
    const out = await run(`${connect(path.join(runtime, "bus"))}; ${connect("bus.sock")}; echo done`);
    expect(out).toContain("done");
    expect(out).not.toContain("got reached");
    expect(bus.connections()).toBe(0);
  });

  it("a channel between a command's own processes still works (socketpair, as test runners use)", async () => {
    const child = `process.send('pong')`;
    const out = await open()(
      `node -e "const c = require('child_process').spawn(process.execPath, ['-e', \\"${child}\\"], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] }); c.on('message', (m) => console.log('ipc ' + m))"`,
    );
    expect(out).toContain("ipc pong");
  });
});
