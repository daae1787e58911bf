// install.sh against a local file server on 127.0.0.1: the release folder it downloads from
// is made here (a tiny stand-in "binary" and a SHA256SUMS), so each bad path is one edit away.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { collect, type CliRun } from "../helpers/run-cli.js";

const SCRIPT = fileURLToPath(new URL("../../install.sh", import.meta.url));
const has = (tool: string) => spawnSync("sh", ["-c", `command -v ${tool}`]).status === 0;
const missing = process.platform === "win32" ? "Windows (install.sh is for sh)" : !has("curl") && !has("wget") ? "curl or wget" : "";
if (missing) console.log(`install.sh tests skipped: needs ${missing}`);

/** The name install.sh must pick on this machine (the same rule as scripts/dist.mjs). */
const NAME = `mini-agent-${process.platform === "darwin" ? "darwin" : "linux"}-${process.arch}`;
const BINARY = "#!/bin/sh\necho mini-agent 9.9.9\n";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

let servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
});

/** Serves the files of `dir` over HTTP; records each path requested. */
async function serveFolder(dir: string): Promise<{ url: string; paths: string[] }> {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? "");
    const file = path.join(dir, path.basename(req.url ?? ""));
    if (!existsSync(file)) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": "application/octet-stream" }).end(readFileSync(file));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths };
}

function release(sums: string, binary: string | null = BINARY): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mini-agent-release-"));
  if (binary !== null) writeFileSync(path.join(dir, NAME), binary);
  writeFileSync(path.join(dir, "SHA256SUMS"), sums);
  return dir;
}

function runInstall(env: Record<string, string>): Promise<CliRun> {
  const home = realpathSync(mkdtempSync(path.join(os.tmpdir(), "mini-agent-install-home-")));
  const child = spawn("sh", [SCRIPT], { env: { PATH: process.env.PATH ?? "", HOME: home, ...env }, stdio: ["pipe", "pipe", "pipe"] });
  return collect(child);
}

const freshDir = () => path.join(mkdtempSync(path.join(os.tmpdir(), "mini-agent-install-")), "bin");

describe.skipIf(Boolean(missing))("install.sh", () => {
  it("downloads this platform's binary, verifies it and installs it as INSTALL_DIR/mini-agent", async () => {
    const server = await serveFolder(release(`${sha256("other")}  mini-agent-win-x64.exe\n${sha256(BINARY)}  ${NAME}\n`));
    const installDir = freshDir();
    const run = await runInstall({ MINI_AGENT_BASE_URL: server.url, INSTALL_DIR: installDir });
    expect(run.code, run.stderr).toBe(0);
    expect(server.paths.sort()).toEqual(["/SHA256SUMS", `/${NAME}`].sort());
    const installed = path.join(installDir, "mini-agent");
    expect(readFileSync(installed, "utf8")).toBe(BINARY);
    expect(statSync(installed).mode & 0o777).toBe(0o755);
    expect(spawnSync(installed, [], { encoding: "utf8" }).stdout).toBe("mini-agent 9.9.9\n");
    expect(readdirSync(installDir)).toEqual(["mini-agent"]);
    expect(run.stdout).toContain(`installed ${installed} (sha256 ${sha256(BINARY)})`);
    expect(run.stdout).toContain(`${installDir} is not on your PATH`);
  });

  it("installs into ~/.local/bin when INSTALL_DIR is not set", async () => {
    const server = await serveFolder(release(`${sha256(BINARY)}  ${NAME}\n`));
    const run = await runInstall({ MINI_AGENT_BASE_URL: server.url });
    expect(run.code, run.stderr).toBe(0);
    const installed = run.stdout.match(/installed (\S+) /)?.[1] ?? "";
    expect(installed).toMatch(/mini-agent-install-home-[^/]+\/\.local\/bin\/mini-agent$/);
    expect(readFileSync(installed, "utf8")).toBe(BINARY);
  });

  it("refuses a binary whose SHA-256 does not match: exit 1, nothing installed", async () => {
    const server = await serveFolder(release(`${sha256(BINARY)}  ${NAME}\n`, `${BINARY}echo tampered\n`));
    const installDir = freshDir();
    mkdirSync(installDir, { recursive: true });
    const run = await runInstall({ MINI_AGENT_BASE_URL: server.url, INSTALL_DIR: installDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`install.sh: checksum mismatch for ${NAME}: expected ${sha256(BINARY)}`);
    expect(run.stderr).toContain("nothing installed");
    expect(readdirSync(installDir)).toEqual([]);
  });

  it("refuses when SHA256SUMS does not list this platform's binary", async () => {
    const server = await serveFolder(release(`${sha256(BINARY)}  mini-agent-win-x64.exe\n`));
    const installDir = freshDir();
    const run = await runInstall({ MINI_AGENT_BASE_URL: server.url, INSTALL_DIR: installDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`SHA256SUMS from ${server.url} lists no ${NAME}; nothing installed`);
    expect(existsSync(path.join(installDir, "mini-agent"))).toBe(false);
  });

  it("fails naming the URL when the binary is not on the server", async () => {
    const server = await serveFolder(release(`${sha256(BINARY)}  ${NAME}\n`, null));
    const installDir = freshDir();
    const run = await runInstall({ MINI_AGENT_BASE_URL: server.url, INSTALL_DIR: installDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`install.sh: could not download ${server.url}/${NAME}`);
    expect(existsSync(path.join(installDir, "mini-agent"))).toBe(false);
  });
});
