// The sandbox's network (ADR 0037) under the real bubblewrap: a command reaches only the
// hosts allowed, and only through the session's proxy. A real HTTP server on this machine
// counts what reached it; it is allowed by this machine's host name (the sandbox's own
// loopback is its own, so 127.0.0.1 would name the sandbox, not this machine).
import { lookup } from "node:dns/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { probeBubblewrap } from "../../src/engine/sandbox/bubblewrap.js";
import type { SandboxNetwork } from "../../src/engine/sandbox/net-allowlist.js";
import { createCommandTools, type CommandTools } from "../../src/engine/tools/command/command-tools.js";
import { hostProgram } from "../../src/engine/host/host-programs.js";
import { waitFor } from "../helpers/processes.js";

const hostName = os.hostname();
const address = await lookup(hostName).then((found) => found.address, () => undefined);
const ready = probeBubblewrap().works && Boolean(hostProgram("nsenter").path) && Boolean(hostProgram("curl").path) && address !== undefined;
if (!ready) console.warn(`network-proxy.test.ts: skipped (bwrap, nsenter, curl or a resolvable host name ${hostName} is missing)`);

let server: Server;
let port: number;
let requests: string[] = [];
let hosts: string[] = [];
let base: string;
let session: CommandTools | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    hosts.push(req.headers.host ?? "");
    res.end("hello from the host\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.close());
afterEach(async () => {
  await session?.closeAll();
  session = undefined;
  requests = [];
  hosts = [];
  rmSync(base, { recursive: true, force: true });
});

async function run(command: string, network?: SandboxNetwork): Promise<string> {
  base = mkdtempSync(path.join(os.tmpdir(), "net-proxy-"));
  const root = path.join(base, "ws");
  mkdirSync(root);
  session = createCommandTools({ root, tasksDir: path.join(base, "tasks"), sandbox: "workspace-write", ...(network ? { sandboxNetwork: network } : {}) });
  await session.sandbox.ready();
  expect(session.sandbox.notice).toBeUndefined();
  const tool = session.tools.find((candidate) => candidate.name === "run_command")!;
  return (await tool.execute({ command }, { signal: new AbortController().signal })).content;
}

const allowed = (): SandboxNetwork => ({ mode: "allowlist", hosts: [`${hostName}:${port}`] });

describe.skipIf(!ready)("a host that is not allowed cannot be reached", () => {
  it("curl through the proxy is refused, nothing reaches the server, and the result says which host", async () => {
    const out = await run(`curl -fsS -m 10 http://${hostName}:${port}/x; echo "rc=$?"`);
    expect(out).toMatch(/rc=[1-9]/);
    expect(requests).toEqual([]);
    expect(out).toContain(`The sandbox refused network access to ${hostName.toLowerCase()}:${port}`);
  });

  it("a direct connection (node's fetch ignores the proxy) finds no route, to this machine's address or its loopback", async () => {
    const script = (url: string) => `node -e "fetch('${url}').then(() => console.log('reached'), () => console.log('failed'))"`;
    const out = await run(`${script(`http://${address}:${port}/a`)}; ${script(`http://127.0.0.1:${port}/b`)}`, allowed());
    expect(out).not.toContain("reached");
    expect(out.match(/failed/g)).toHaveLength(2);
    expect(requests).toEqual([]);
  });

  it("the allowed name's address, another port of it, and a bypass of the proxy are all refused", async () => {
    const out = await run(
      [
        `curl -fsS -m 10 http://${address}:${port}/ip; echo "ip=$?"`,
        `curl -fsS -m 10 -p http://${hostName}:${port + 1}/port; echo "port=$?"`,
        `curl -fsS -m 10 --noproxy '*' http://${hostName}:${port}/direct; echo "direct=$?"`,
      ].join("; "),
      allowed(),
    );
    expect(out).toMatch(/ip=[1-9]/);
    expect(out).toMatch(/port=[1-9]/);
    expect(out).toMatch(/direct=[1-9]/);
    expect(requests).toEqual([]);
  });
});

describe.skipIf(!ready)("an allowed host is reached through the proxy", () => {
  it("a plain HTTP request is forwarded, to the allowed host by name whatever Host header it carried", async () => {
    const out = await run(`curl -fsS -m 10 -H "Host: other.example" http://${hostName}:${port}/plain`, allowed());
    expect(out).toContain("hello from the host");
    expect(requests).toEqual(["GET /plain"]);
    expect(hosts).toEqual([`${hostName.toLowerCase()}:${port}`]);
  });

  it("a CONNECT tunnel is opened (what HTTPS uses)", async () => {
    const out = await run(`curl -fsS -m 10 --proxytunnel http://${hostName}:${port}/tunnel`, allowed());
    expect(out).toContain("hello from the host");
    expect(requests).toEqual(["GET /tunnel"]);
  });

  it("commands of one session share their namespace: a server started in the background is reached by the next command", async () => {
    const out = await run(`node -e "require('http').createServer((q, s) => s.end('local ok')).listen(8765, '127.0.0.1', () => require('http').get('http://localhost:8765', (r) => r.pipe(process.stdout)).on('close', () => process.exit(0)))"`, allowed());
    expect(out).toContain("local ok");
    const tool = session!.tools.find((candidate) => candidate.name === "run_command")!;
    const listening = path.join(base, "ws", "listening");
    const started = await tool.execute(
      { command: `node -e "require('http').createServer((q, s) => s.end('bg ok')).listen(8766, '127.0.0.1', () => require('fs').writeFileSync('listening', ''))"`, background: true },
      { signal: new AbortController().signal },
    );
    expect(started.content).toMatch(/started task/);
    await waitFor(() => existsSync(listening), 15_000, "the background server to listen");
    const reached = await tool.execute({ command: "curl -fsS -m 10 http://127.0.0.1:8766" }, { signal: new AbortController().signal });
    expect(reached.content).toContain("bg ok");
  });
});
