import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile, recordedRequests } from "../helpers/session-files.js";

// A local stand-in for the Brave search API: records requests, answers one result.
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
const server = createServer((req, res) => {
  seen.push({ url: req.url ?? "", headers: req.headers });
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify({ web: { results: [{ title: "Node.js <b>20</b>", url: "https://nodejs.org/", description: "JavaScript runtime" }] } }));
});
let origin = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("web_search", () => {
  it("is not offered when no search backend is configured", async () => {
    const box = makeSandbox();
    const record = path.join(box.home, "requests.jsonl");
    const run = await runCli(["-p", "hi"], {
      cwd: box.workspace,
      env: { FAKE_LLM: box.script({ turns: [{ text: "hello" }] }), MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record },
    });
    expect(run.code, run.stderr).toBe(0);
    const tools = recordedRequests(record)[0]!.tools.map((tool) => tool.name);
    expect(tools).toContain("web_fetch");
    expect(tools).not.toContain("web_search");
  });

  it("queries the backend configured in config.json, and its key never reaches the session file", async () => {
    const box = makeSandbox();
    const key = "brave-key-0123456789";
    writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ web_search: { provider: "brave", api_key: key, base_url: origin } }));
    const script = box.script({ turns: [{ tool_calls: [{ name: "web_search", arguments: { query: "node 20 release" } }] }, { text: "found it" }] });
    const run = await runCli(["-p", "search"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
    expect(run.code, run.stderr).toBe(0);
    const request = seen.at(-1)!;
    expect(request.headers["x-subscription-token"]).toBe(key);
    expect(new URL(request.url, origin).searchParams.get("q")).toBe("node 20 release");
    const result = eventLines(onlySessionFile(box.home)).find((event) => event.type === "tool.result") as { content: string; isError: boolean };
    expect(result.isError).toBe(false);
    expect(result.content).toContain("https://nodejs.org/");
    expect(JSON.stringify(eventLines(onlySessionFile(box.home)))).not.toContain(key);
  });

  it("a malformed web_search setting is a config error naming the file", async () => {
    const box = makeSandbox();
    writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ web_search: { provider: "bing", api_key: "x" } }));
    const run = await runCli(["-p", "x"], { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("config.json");
    expect(run.stderr).toContain("web_search.provider");
  });
});
