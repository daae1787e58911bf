// What each path loads, recorded by a preloaded probe (test/helpers/module-probe.cjs) in the
// real CLI child: `--version` loads nothing but the entry; the print path loads no TUI and, for
// the FAKE_LLM demo, no SDK and no shell parser; over HTTP the shell parser is loaded while
// the first request is in flight, before the model's answer arrives.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { chatText, chunk, DONE, toolDelta } from "../helpers/fake-openai-server.js";
import { waitFor } from "../helpers/processes.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const PROBE = fileURLToPath(new URL("../helpers/module-probe.cjs", import.meta.url));

function probeEnv(): { env: Record<string, string>; loaded: () => string[] } {
  const log = path.join(mkdtempSync(path.join(os.tmpdir(), "mini-agent-probe-")), "modules.txt");
  return {
    env: { NODE_OPTIONS: `--require ${JSON.stringify(PROBE)}`, MODULE_PROBE_LOG: log },
    loaded: () => (existsSync(log) ? [...new Set(readFileSync(log, "utf8").split("\n").filter(Boolean))] : []),
  };
}

const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");
/** esbuild marks each bundled module with a `// path/of/source.ts` comment line. */
const bundledSources = (file: string) => [...readFileSync(file, "utf8").matchAll(/^\/\/ ((?:src|node_modules)\/\S+)$/gm)].map((m) => m[1]!);
const isTui = (source: string) => /^src\/tui\/|node_modules\/(@[^/]+\/)?[^/]*tui\b/.test(source);

/** Written by the shell parser's first load in a home (docs/adr/0022). */
const parserCache = (home: string) => path.join(home, "cache", "mvdan-sh.v8-cache");

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

describe("modules loaded at run time", () => {
  it("--version loads nothing but the entry", async () => {
    const box = makeSandbox();
    const probe = probeEnv();
    const run = await runCli(["--version"], { cwd: box.workspace, env: probe.env });
    expect(run.code, run.stderr).toBe(0);
    expect(probe.loaded().map(rel)).toEqual(["bin/mini-agent.cjs"]);
  });

  it("the print path (FAKE_LLM demo) loads the bundle but no TUI, no provider SDK and no shell parser", async () => {
    const box = makeSandbox();
    const probe = probeEnv();
    const run = await runCli(["-p", "demo", "--yes"], { cwd: box.workspace, env: { ...probe.env, FAKE_LLM: "1", MINI_AGENT_HOME: box.home } });
    expect(run.code, run.stderr).toBe(0);
    const files = probe.loaded();
    expect(files.map(rel)).toContain("dist/cli.bundle.js");
    expect(files.filter((file) => rel(file).startsWith("node_modules/"))).toEqual([]);
    const sources = files.filter((file) => rel(file).startsWith("dist/")).flatMap(bundledSources);
    expect(sources).toContain("src/cli.ts");
    expect(sources.filter(isTui)).toEqual([]);
    expect(sources.filter((source) => /^node_modules\/(openai|@anthropic-ai|undici|mvdan-sh)\//.test(source))).toEqual([]);
    // mvdan-sh is compiled through vm.Script, which the probe does not see; a first load in a
    // fresh home writes its code cache there (ADR 0022), so no cache file means never loaded.
    expect(existsSync(parserCache(box.home))).toBe(false);
  });

  it("over HTTP the shell parser is loaded while the first request waits for the model", async () => {
    const box = makeSandbox();
    const probe = probeEnv();
    // The home is fresh: the parser's first load writes its code cache there (ADR 0022).
    const parserLoaded = () => existsSync(parserCache(box.home));
    let requests = 0;
    server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        requests += 1;
        if (requests > 1) {
          res.writeHead(200, { "content-type": "text/event-stream" });
          for (const part of (chatText("done") as { chunks: string[] }).chunks) res.write(part);
          res.end();
          return;
        }
        // The answer (a run_command call) is held back until the parser has been loaded:
        // without the warm-up it would only load on judging this very call, and never come.
        waitFor(parserLoaded, 20_000, "mvdan-sh to load during the first request").then(
          () => {
            res.writeHead(200, { "content-type": "text/event-stream" });
            res.write(chunk({ role: "assistant", content: "" }));
            res.write(chunk(toolDelta(0, { id: "call_1", name: "run_command", args: JSON.stringify({ command: "echo warm > out.txt" }) })));
            res.end(chunk({}, "tool_calls") + DONE);
          },
          () => res.writeHead(500).end(JSON.stringify({ error: { message: "the shell parser was not loaded in time" } })),
        );
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const run = await runCli(["-p", "go", "--yes", "--provider", "openai"], {
      cwd: box.workspace,
      env: {
        ...probe.env,
        MINI_AGENT_HOME: box.home,
        OPENAI_API_KEY: "sk-warm-test-key-0000111122223333",
        OPENAI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(requests).toBe(2);
    expect(readFileSync(path.join(box.workspace, "out.txt"), "utf8").trim()).toBe("warm");
  });
});
