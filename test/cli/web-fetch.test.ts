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
});
