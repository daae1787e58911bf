// The opt-in sandbox with the real bubblewrap: writes outside the workspace fail, writes
// inside succeed, the network is what the setting says. Skipped where bwrap is missing or lacks namespaces.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { probeBinary, probeBinaryAsync, probeBubblewrap, wrapInBubblewrap, type SandboxProbe } from "../../src/engine/sandbox/bubblewrap.js";
import { createCommandTools, type CommandTools } from "../../src/engine/tools/command/command-tools.js";

const bwrapWorks = probeBubblewrap().works;
let root: string;
let session: CommandTools;
const context = () => ({ signal: new AbortController().signal });
const run = (command: string) => session.tools.find((tool) => tool.name === "run_command")!.execute({ command }, context());

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "sandbox-"));
  session = createCommandTools({ root, tasksDir: path.join(root, ".tasks"), sandbox: "workspace-write" });
});
afterEach(async () => {
  await session.closeAll();
  rmSync(root, { recursive: true, force: true });
});

describe("bubblewrap probe", () => {
  it("says why when bwrap is missing, and the session falls back with one notice", async () => {
    const probe = probeBinary("bwrap-not-installed-here");
    expect(probe.works).toBe(false);
    // Off Linux the probe stops before it looks for the binary.
    expect(probe.reason).toMatch(process.platform === "linux" ? /not installed \(Debian package: bubblewrap\)/ : /needs Linux/);
    // The background probe says the same.
    expect(await probeBinaryAsync("bwrap-not-installed-here")).toEqual(probe);
    await session.sandbox.ready();
    if (!bwrapWorks) expect(session.sandbox.notice).toMatch(/Sandbox unavailable/);
    else expect([session.sandbox.active, session.sandbox.notice]).toEqual([true, undefined]);
  });

  it.skipIf(process.platform !== "linux")("says why when bwrap exists but fails, in the background probe too", async () => {
    // `false` stands in for a bwrap that cannot create its namespaces: it exits 1, says nothing.
    const sync = probeBinary("false");
    expect(sync).toEqual({ works: false, reason: "false cannot create its namespaces here: exit 1" });
    expect(await probeBinaryAsync("false")).toEqual(sync);
  });

  it("probes only when a command first needs it, once, and a required sandbox that is missing refuses the command", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "sandbox-lazy-"));
    let probes = 0;
    const probe = async (): Promise<SandboxProbe> => {
      probes += 1;
      return probeBinaryAsync("bwrap-not-installed-here");
    };
    const tools = createCommandTools({ root: dir, tasksDir: path.join(dir, ".tasks"), sandbox: "required", sandboxProbe: probe });
    try {
      expect(probes).toBe(0);
      expect([tools.sandbox.active, tools.sandbox.notice]).toEqual([false, undefined]);
      const command = tools.tools.find((tool) => tool.name === "run_command")!;
      const refused = command.execute({ command: "touch ran.txt" }, context());
      await expect(refused).rejects.toThrow(/sandbox was requested but cannot run: .*install bubblewrap/);
      await Promise.all([tools.sandbox.ready(), tools.sandbox.ready()]);
      expect(probes).toBe(1);
      expect(tools.sandbox.notice).toMatch(/^Sandbox unavailable: .*Every command will fail until you install bubblewrap/);
      expect(existsSync(path.join(dir, "ran.txt"))).toBe(false);
    } finally {
      await tools.closeAll();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("wraps argv with the workspace writable after the read-only root", () => {
    const argv = wrapInBubblewrap(["bash", "-lc", "ls"], { bwrap: "/usr/bin/bwrap", root: "/w", tmpDir: "/t" });
    expect(argv.slice(0, 4)).toEqual(["/usr/bin/bwrap", "--ro-bind", "/", "/"]);
    // The network is on unless configured off.
    expect(argv).not.toContain("--unshare-net");
    expect(wrapInBubblewrap(["true"], { bwrap: "/usr/bin/bwrap", root: "/w", tmpDir: "/t", allowNetwork: false })).toContain("--unshare-net");
    expect(argv.indexOf("/w")).toBeGreaterThan(argv.indexOf("/t"));
    expect(argv.slice(-4)).toEqual(["--", "bash", "-lc", "ls"]);
    // Critical files come after the workspace bind (later binds win), each only if it still exists.
    const guarded = wrapInBubblewrap(["true"], { bwrap: "/usr/bin/bwrap", root: "/w", tmpDir: "/t", readOnly: ["/w/package.json"] });
    const workspaceBind = guarded.findIndex((word, i) => word === "--bind" && guarded[i + 1] === "/w");
    expect(guarded.indexOf("/w/package.json")).toBeGreaterThan(workspaceBind);
    expect(guarded.slice(guarded.indexOf("/w/package.json") - 1, guarded.indexOf("/w/package.json") + 2)).toEqual(["--ro-bind-try", "/w/package.json", "/w/package.json"]);
  });
});

describe("sandboxed run_command", () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it.skipIf(!bwrapWorks)("cannot touch /etc or $HOME, can write in the workspace", async () => {
    const marker = `mini-agent-sandbox-${process.pid}`;
    const etc = await run(`touch /etc/${marker}`);
    expect(etc.isError).toBe(true);
    expect(existsSync(`/etc/${marker}`)).toBe(false);
    // The account's real home (from the password database): the suite's HOME is a temp dir.
    // Inside, it is a scratch view (ADR 0037): a write there lands nowhere on the host.
    const realHome = os.userInfo().homedir;
    await run(`echo x > "${realHome}/${marker}"`);
    expect(existsSync(path.join(realHome, marker))).toBe(false);
    const inside = await run("echo inside > made.txt && mkdir -p sub && touch sub/a");
    expect(inside.content).toContain("exit code: 0");
    expect(readFileSync(path.join(root, "made.txt"), "utf8")).toBe("inside\n");
    expect(existsSync(path.join(root, "sub", "a"))).toBe(true);
  });

  it.skipIf(!bwrapWorks)("keeps .git read-only, so no hook can be planted from inside", async () => {
    mkdirSync(path.join(root, ".git", "hooks"), { recursive: true });
    const hook = await run("echo 'echo pwned' > .git/hooks/pre-commit");
    expect(hook.isError).toBe(true);
    expect(existsSync(path.join(root, ".git", "hooks", "pre-commit"))).toBe(false);
    const beside = await run("echo fine > notes.txt");
    expect(beside.content).toContain("exit code: 0");
  });

  it.skipIf(!bwrapWorks)("has no network when configured off, every host when on, and by default not the host's loopback", async () => {
    server = createServer((_req, res) => res.end("hello")).listen(0, "127.0.0.1");
    await new Promise((resolve) => server!.once("listening", resolve));
    const port = (server.address() as AddressInfo).port;
    const fetchIt = `node -e "fetch('http://127.0.0.1:${port}').then(r => r.text()).then(t => console.log('got', t), e => { console.log('failed'); process.exit(7); })"`;
    await session.closeAll();
    session = createCommandTools({ root, tasksDir: path.join(root, ".tasks"), sandbox: "workspace-write", sandboxNetwork: false });
    const offline = await run(fetchIt);
    expect(offline.content).toContain("exit code: 7");
    await session.closeAll();
    session = createCommandTools({ root, tasksDir: path.join(root, ".tasks"), sandbox: "workspace-write", sandboxNetwork: true });
    const online = await run(fetchIt);
    expect(online.content).toContain("got hello");
    await session.closeAll();
    // The default: the registries through the proxy; the host's own loopback is another namespace.
    session = createCommandTools({ root, tasksDir: path.join(root, ".tasks"), sandbox: "workspace-write" });
    expect((await run(fetchIt)).content).toContain("exit code: 7");
  });
});
