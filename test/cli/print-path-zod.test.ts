// The print path starts without zod (docs/adr/0023-schemas-at-build-time.md): tool schemas and
// event checks come from JSON generated at build time, and a tool call is parsed by the lean
// parser. zod loads only to word the error for a call the lean parser rejected. Checked twice:
// in the bundle's chunk graph (what the print path's chunks import statically), and in real
// CLI runs recorded by the module probe, up to each request the model receives.
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chatText, chunk, DONE, toolDelta } from "../helpers/fake-openai-server.js";
import { BUNDLE, chunkNamed, DIST, sourcesOf, staticClosure } from "../helpers/bundle-graph.js";
import { moduleProbe } from "../helpers/module-probe-env.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";

const holdsZod = (file: string) => sourcesOf(file).some((source) => source.startsWith("node_modules/zod/"));

const probeEnv = moduleProbe;
const zodLoaded = (files: string[]) => files.filter((file) => file.endsWith(".cjs") && file.startsWith(DIST) && holdsZod(file));

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

describe("zod stays off the print path", () => {
  it("the print path's chunks (entry, print face, bootstrap) import no zod statically; only lazy chunks do", () => {
    const files = staticClosure([BUNDLE, chunkNamed("commands"), chunkNamed("bootstrap")]);
    const sources = files.flatMap(sourcesOf);
    expect(sources).toContain("src/engine/tools/tool-input.ts");
    expect(sources).toContain("src/engine/wire/wire-reader.ts");
    expect(sources.filter((source) => source.startsWith("node_modules/zod/"))).toEqual([]);
    expect(sources.filter((source) => /^src\/engine\/(events|tools\/tool-inputs|llm\/fake-script-schema)\.ts$/.test(source))).toEqual([]);
    // The zod schemas of the tools come in by a dynamic import, only to word a rejected call.
    expect(sourcesOf(chunkNamed("tool-inputs"))).toContain("src/engine/tools/tool-inputs.ts");
  });

  it("the FAKE_LLM demo (write_file, read_file) runs without loading zod at all", async () => {
    const box = makeSandbox();
    const probe = probeEnv();
    const run = await runCli(["-p", "demo", "--yes"], { cwd: box.workspace, env: { ...probe.env, FAKE_LLM: "1", MINI_AGENT_HOME: box.home } });
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(path.join(box.workspace, "demo", "notes.md"), "utf8")).toContain("mini-agent wrote this file.");
    expect(probe.loaded().some((file) => file.endsWith("cli.bundle.cjs"))).toBe(true);
    expect(zodLoaded(probe.loaded())).toEqual([]);
  });

  it("a FAKE_LLM script file is checked by zod, and a bad one is refused naming the field", async () => {
    const box = makeSandbox();
    const script = box.script({ turns: [{ text: "first" }], after: { text: "again" } });
    const env = { FAKE_LLM: script, MINI_AGENT_HOME: box.home };
    const first = probeEnv();
    const run = await runCli(["-p", "one"], { cwd: box.workspace, env: { ...first.env, ...env } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("first\n");
    const resumed = probeEnv();
    const again = await runCli(["-p", "two", "-c"], { cwd: box.workspace, env: { ...resumed.env, ...env } });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe("first\n");
    expect(resumed.loaded().some((file) => file.endsWith("cli.bundle.cjs"))).toBe(true);
    const bad = probeEnv();
    const badScript = box.script({ turns: [{ delay_ms: -1 }] });
    const refused = await runCli(["-p", "three"], { cwd: box.workspace, env: { ...bad.env, FAKE_LLM: badScript, MINI_AGENT_HOME: box.home } });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`FAKE_LLM script ${badScript}: turns.0.delay_ms: `);
  });

  it("over HTTP: no zod up to the request after a valid call; a bad call loads it, and the model reads zod's words", async () => {
    const box = makeSandbox();
    writeFileSync(path.join(box.workspace, "a.txt"), "alpha\n");
    const probe = probeEnv();
    const zodAtRequest: string[][] = [];
    const bodies: string[] = [];
    server = createServer((req, res) => {
      const parts: Buffer[] = [];
      req.on("data", (part: Buffer) => parts.push(part));
      req.on("end", () => {
        bodies.push(Buffer.concat(parts).toString("utf8"));
        zodAtRequest.push(zodLoaded(probe.loaded()));
        res.writeHead(200, { "content-type": "text/event-stream" });
        const call = (args: string) => {
          res.write(chunk({ role: "assistant", content: "" }));
          res.write(chunk(toolDelta(0, { id: `call_${bodies.length}`, name: "read_file", args })));
          res.end(chunk({}, "tool_calls") + DONE);
        };
        if (bodies.length === 1) return call(JSON.stringify({ path: "a.txt" }));
        if (bodies.length === 2) return call(JSON.stringify({ offset: "x" }));
        for (const part of (chatText("done") as { chunks: string[] }).chunks) res.write(part);
        res.end();
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const run = await runCli(["-p", "read a.txt", "--yes", "--provider", "openai"], {
      cwd: box.workspace,
      env: {
        ...probe.env,
        MINI_AGENT_HOME: box.home,
        OPENAI_API_KEY: "sk-zod-test-key-0000111122223333",
        OPENAI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(bodies).toHaveLength(3);
    // The valid call ran (its result went back to the model) with no zod loaded before or after.
    expect(bodies[1]).toContain("1\\talpha");
    expect(zodAtRequest[0]).toEqual([]);
    expect(zodAtRequest[1]).toEqual([]);
    // The bad call's error names each field, in zod's words: zod was loaded to write it.
    expect(bodies[2]).toContain("invalid input for read_file: path: Invalid input: expected string, received undefined; offset: Invalid input: expected number, received string");
    expect(zodAtRequest[2]).not.toEqual([]);
  });
});
