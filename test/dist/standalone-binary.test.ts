// `npm run dist` end to end: builds this platform's single executable once, copies it away
// from the repository and runs it with no `node` on PATH. What must hold: it starts, the
// FAKE_LLM demo writes its file, run_command (the shell parser) and a real provider SDK
// over HTTP work from inside the binary, and SHA256SUMS matches the bytes.
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatText, startScriptedServer } from "../helpers/fake-openai-server.js";
import { cliEnv, collect, makeSandbox, type CliRun } from "../helpers/run-cli.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const exe = process.platform === "win32" ? ".exe" : "";
const name = `mini-agent-${process.platform === "win32" ? "win" : process.platform}-${process.arch}${exe}`;
let outDir = "";
let binary = "";

/**
 * A PATH with no node on it. node often sits in /usr/bin beside the shell, so rather than drop
 * whole folders the PATH is one temp folder linking just the tools the shell command needs.
 */
function pathWithoutNode(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mini-agent-path-"));
  const dirs = (process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
  for (const tool of ["bash", "sh", "tr", "env"]) {
    const found = dirs.map((d) => path.join(d, tool + exe)).find((file) => existsSync(file));
    // Windows may not allow symlinks without developer mode; a copy serves as well.
    if (found) (process.platform === "win32" ? copyFileSync : symlinkSync)(found, path.join(dir, tool + exe));
  }
  return dir;
}

let noNodePath = "";

function runBinary(args: string[], cwd: string, extra: Record<string, string> = {}): Promise<CliRun> {
  const env = { ...cliEnv(extra), PATH: noNodePath };
  return collect(spawn(binary, args, { cwd, env, stdio: ["pipe", "pipe", "pipe"] }));
}

beforeAll(() => {
  outDir = realpathSync(mkdtempSync(path.join(os.tmpdir(), "mini-agent-dist-test-")));
  execFileSync(process.execPath, [path.join(root, "scripts", "dist.mjs")], {
    cwd: root,
    env: { ...process.env, MINI_AGENT_DIST_DIR: outDir },
    stdio: "pipe",
  });
  // Away from the repository: nothing beside it to load at run time.
  const away = realpathSync(mkdtempSync(path.join(os.tmpdir(), "mini-agent-bin-")));
  binary = path.join(away, name);
  copyFileSync(path.join(outDir, name), binary);
  noNodePath = pathWithoutNode();
}, 240_000);

afterAll(() => {
  // The binaries are ~100 MB each; leave no copies behind in the temp folder.
  for (const dir of [outDir, binary && path.dirname(binary), noNodePath]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("npm run dist: the standalone binary", () => {
  it("runs with a PATH that has no node", () => {
    expect(readdirSync(noNodePath).filter((file) => file.startsWith("node"))).toEqual([]);
  });

  it("writes SHA256SUMS naming the binary with the SHA-256 of its bytes", () => {
    const sums = readFileSync(path.join(outDir, "SHA256SUMS"), "utf8");
    const digest = createHash("sha256").update(readFileSync(path.join(outDir, name))).digest("hex");
    expect(sums).toBe(`${digest}  ${name}\n`);
  });

  it("writes THIRD_PARTY_NOTICES beside it, with what only the binary bundles (undici, mvdan-sh)", () => {
    const notices = readFileSync(path.join(outDir, "THIRD_PARTY_NOTICES"), "utf8");
    for (const name of ["undici", "mvdan-sh", "openai", "@anthropic-ai/sdk", "zod"]) {
      const { version, license } = JSON.parse(readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8")) as { version: string; license: string };
      expect(notices).toContain(`\n  ${name}@${version} (${license})\n`);
    }
  });

  it("prints the package version with no node on PATH", async () => {
    const box = makeSandbox();
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
    const run = await runBinary(["--version"], box.workspace);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${pkg.version}\n`);
  });

  it("runs the FAKE_LLM=1 demo: the file is on disk and the answer on stdout", async () => {
    const box = makeSandbox();
    const run = await runBinary(["-p", "demo", "--yes"], box.workspace, { FAKE_LLM: "1", MINI_AGENT_HOME: box.home });
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(path.join(box.workspace, "demo/notes.md"), "utf8")).toContain("mini-agent wrote this file.");
    expect(run.stdout).toContain("Done. I wrote demo/notes.md");
  });

  it.skipIf(process.platform === "win32")("judges and runs a shell command (the shell parser is inside)", async () => {
    const box = makeSandbox();
    const script = box.script({
      turns: [
        { tool_calls: [{ name: "run_command", arguments: { command: "printf 'hi\\n' | tr a-z A-Z > out.txt" } }] },
        { text: "ran it" },
      ],
    });
    const run = await runBinary(["-p", "shout", "--yes"], box.workspace, { FAKE_LLM: script, MINI_AGENT_HOME: box.home });
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(path.join(box.workspace, "out.txt"), "utf8")).toBe("HI\n");
    // The binary's own code cache covers the bundled parser: none is written to the home (ADR 0022).
    expect(existsSync(path.join(box.home, "cache"))).toBe(false);
  });

  it("talks to an OpenAI-compatible server over HTTP with the bundled SDK", async () => {
    const server = await startScriptedServer([chatText("hello from the fake")]);
    try {
      const box = makeSandbox();
      const run = await runBinary(["-p", "hi", "--provider", "openai"], box.workspace, {
        MINI_AGENT_HOME: box.home,
        OPENAI_API_KEY: "sk-dist-test-key-0000111122223333",
        OPENAI_BASE_URL: `${server.url}/v1`,
      });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("hello from the fake");
      expect(server.requests).toHaveLength(1);
      expect(server.json(0)).toMatchObject({ stream: true, messages: expect.arrayContaining([{ role: "user", content: "hi" }]) });
    } finally {
      await server.close();
    }
  });
});
