import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createWebSearchTool } from "../../src/engine/tools/web/web-search.js";
import { createWorkspaceTools } from "../../src/engine/tools/workspace-tools.js";
import { run, runError, tempDir } from "./tree.js";

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function provider(handler: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void) {
  const seen: { url?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ url: req.url, headers: req.headers, body });
      handler(req, body, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { seen, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe("web_search", () => {
  it("is not offered without a configured backend", () => {
    expect(createWebSearchTool(undefined)).toBeUndefined();
    expect(createWebSearchTool({ provider: "brave", apiKey: "" })).toBeUndefined();
    const names = createWorkspaceTools({ root: tempDir(), onTodos: () => {} }).map((t) => t.name);
    expect(names).not.toContain("web_search");
    const withSearch = createWorkspaceTools({ root: tempDir(), onTodos: () => {}, webSearch: { provider: "brave", apiKey: "k" } });
    expect(withSearch.map((t) => t.name)).toContain("web_search");
  });

  it("queries Brave with the key in a header and lists results", async () => {
    const api = await provider((_req, _body, res) =>
      res.end(JSON.stringify({ web: { results: [{ title: "Node <b>20</b>", url: "https://nodejs.org", description: "The runtime" }] } })),
    );
    const tool = createWebSearchTool({ provider: "brave", apiKey: "brave-key", baseUrl: api.baseUrl })!;
    expect((await run(tool, { query: "node 20" })).content).toBe("1. Node 20\n   https://nodejs.org\n   The runtime");
    expect(api.seen[0]!.url).toBe("/res/v1/web/search?q=node+20&count=8");
    expect(api.seen[0]!.headers["x-subscription-token"]).toBe("brave-key");
  });

  it("queries Tavily with a JSON body and reports failures without echoing the answer", async () => {
    const api = await provider((_req, body, res) => {
      if (JSON.parse(body).query === "fail") res.writeHead(401).end("bad key tvly-secret");
      else res.end(JSON.stringify({ results: [] }));
    });
    const tool = createWebSearchTool({ provider: "tavily", apiKey: "tvly-secret", baseUrl: api.baseUrl })!;
    expect((await run(tool, { query: "nothing" })).content).toBe('No results for "nothing".');
    expect(api.seen[0]!.headers.authorization).toBe("Bearer tvly-secret");
    const error = await runError(tool, { query: "fail" });
    expect(error).toBe("search provider answered HTTP 401");
  });
});
