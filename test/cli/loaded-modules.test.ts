// What each path loads, recorded by a preloaded probe (test/helpers/module-probe.cjs) in the
// real CLI child: `--version` loads nothing but the entry; the print path loads no TUI and, for
// the FAKE_LLM demo, no SDK, no shell parser and no command policy; over HTTP the shell parser is loaded while
// the first request is in flight, before the model's answer arrives.
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { anthropicText, blockStart, blockDelta, blockStop, messageDelta, messageStart, MESSAGE_STOP, startFakeAnthropicServer } from "../helpers/fake-anthropic-server.js";
import { chatText, chunk, DONE, sse, startScriptedServer, toolDelta, type FakeServer } from "../helpers/fake-openai-server.js";
import { waitFor } from "../helpers/processes.js";
import { sourcesOf } from "../helpers/bundle-graph.js";
import { moduleProbe } from "../helpers/module-probe-env.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const probeEnv = moduleProbe;

const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");
const isTui = (source: string) => /^src\/tui\/|node_modules\/(@[^/]+\/)?[^/]*tui\b/.test(source);

/** Written by the shell parser's first load in a home (docs/adr/0022). */
const parserCache = (home: string) => path.join(home, "cache", "mvdan-sh.v8-cache");

let server: Server | undefined;
let fake: FakeServer | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
  await fake?.close();
  fake = undefined;
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
    expect(files.map(rel)).toContain("dist/cli.bundle.cjs");
    expect(files.filter((file) => rel(file).startsWith("node_modules/"))).toEqual([]);
    const sources = files.filter((file) => rel(file).startsWith("dist/")).flatMap(sourcesOf);
    expect(sources).toContain("src/cli/cli.ts");
    expect(sources.filter(isTui)).toEqual([]);
    expect(sources.filter((source) => /^node_modules\/(openai|@anthropic-ai|undici|mvdan-sh|@agentclientprotocol)\//.test(source))).toEqual([]);
    // The editor face (ACP) and its library load only with `mini-agent acp` (ADR 0045).
    expect(sources.filter((source) => source.startsWith("src/acp/"))).toEqual([]);
    // Nor the Agent SDK's face (ADR 0046): it loads only with --input-format stream-json.
    expect(sources.filter((source) => source.startsWith("src/claude-compat/"))).toEqual([]);
    // No command ran, so the command policy was never loaded (ADR 0027).
    expect(sources).not.toContain("src/engine/approval/rules/command-policy.ts");
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
    // The command was judged by the policy, loaded on the way (the warm-up's, then the gate's).
    const sources = probe.loaded().filter((file) => rel(file).startsWith("dist/")).flatMap(sourcesOf);
    expect(sources).toContain("src/engine/approval/rules/command-policy.ts");
  });

  it("a one-tool round trip over HTTP with OpenAI goes through the SDK over node:http", async () => {
    fake = await startScriptedServer([
      sse(
        chunk({ role: "assistant", content: "" }),
        chunk(toolDelta(0, { id: "call_1", name: "run_command", args: JSON.stringify({ command: "echo lean > out.txt" }) })),
        chunk({}, "tool_calls") + DONE,
      ),
      chatText("done"),
    ]);
    const box = makeSandbox();
    const probe = probeEnv();
    const run = await runCli(["-p", "go", "--yes", "--provider", "openai"], {
      cwd: box.workspace,
      env: { ...probe.env, MINI_AGENT_HOME: box.home, OPENAI_API_KEY: "sk-lean-test-key-0000111122223333", OPENAI_BASE_URL: `${fake.url}/v1` },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("done");
    expect(fake.requests).toHaveLength(2);
    expect(readFileSync(path.join(box.workspace, "out.txt"), "utf8").trim()).toBe("lean");
    // The tool result went back through the SDK's request building (its Headers) and our fetch.
    expect(JSON.stringify(fake.json(1)["messages"])).toContain("call_1");
    expect(fake.requests[1]!.headers["authorization"]).toBe("Bearer sk-lean-test-key-0000111122223333");
    const builtins = probe.builtins();
    expect(builtins).toContain("NativeModule http");
  });

  it("a one-tool round trip over HTTP with Anthropic goes through the SDK over node:http", async () => {
    fake = await startFakeAnthropicServer([
      sse(
        messageStart(),
        blockStart(0, { type: "tool_use", id: "toolu_01Lean", name: "run_command", input: {} }),
        blockDelta(0, { type: "input_json_delta", partial_json: JSON.stringify({ command: "echo lean > out.txt" }) }),
        blockStop(0),
        messageDelta("tool_use"),
        MESSAGE_STOP,
      ),
      anthropicText("done"),
    ]);
    const box = makeSandbox();
    const probe = probeEnv();
    const run = await runCli(["-p", "go", "--yes", "--provider", "anthropic"], {
      cwd: box.workspace,
      env: { ...probe.env, MINI_AGENT_HOME: box.home, ANTHROPIC_API_KEY: "sk-ant-lean-test-key-00001111", ANTHROPIC_BASE_URL: fake.url },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("done");
    expect(fake.requests).toHaveLength(2);
    expect(readFileSync(path.join(box.workspace, "out.txt"), "utf8").trim()).toBe("lean");
    expect(JSON.stringify(fake.json(1)["messages"])).toContain("toolu_01Lean");
    const builtins = probe.builtins();
    expect(builtins).toContain("NativeModule http");
  });
});
