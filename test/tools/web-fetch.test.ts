import http from "node:http";
import { describe, expect, it } from "vitest";
import { forbiddenAddressReason, type Resolver } from "../../src/engine/sandbox/net-guard.js";
import { createWebFetchTool } from "../../src/engine/tools/web/web-fetch.js";
import { run, runError } from "./tree.js";
import { serve } from "../helpers/counting-server.js";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const redirect = (to: string): Handler => (_req, res) => res.writeHead(302, { location: to }).end();
const PAGE = `<!doctype html><html><head><title>Test &amp; Page</title><style>.x{}</style><script>alert(1)</script></head>
<body><h1>Hello</h1><p>First <b>para</b> with a <a href="https://example.com/x">link</a>.</p><ul><li>one</li><li>two &lt;3</li></ul>
<pre>  keep   spacing</pre></body></html>`;

/** Names for tests, answered without DNS. */
const fakeDns = (table: Record<string, string>): Resolver => async (hostname) => {
  const address = table[hostname];
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return [{ address, family: address.includes(":") ? 6 : 4 }];
};

describe("address guard", () => {
  it("classifies loopback, link-local, private, unique-local and public addresses", () => {
    const cases: [string, string | undefined][] = [
      ["127.0.0.1", "loopback"],
      ["127.255.0.9", "loopback"],
      ["169.254.169.254", "link-local (cloud metadata)"],
      ["10.1.2.3", "private"],
      ["172.16.0.1", "private"],
      ["172.31.255.255", "private"],
      ["172.32.0.1", undefined],
      ["192.168.1.1", "private"],
      ["100.64.0.1", "carrier-grade NAT"],
      ["0.0.0.0", "unspecified"],
      ["8.8.8.8", undefined],
      ["::1", "loopback"],
      ["::", "unspecified"],
      ["fe80::1", "link-local"],
      ["fd12:3456::1", "unique-local"],
      ["fc00::1", "unique-local"],
      ["::ffff:127.0.0.1", "loopback"],
      ["::ffff:169.254.169.254", "link-local (cloud metadata)"],
      ["::ffff:7f00:1", "loopback"],
      ["64:ff9b::a00:1", "private"],
      ["2606:4700::1111", undefined],
    ];
    for (const [ip, expected] of cases) expect([ip, forbiddenAddressReason(ip)]).toEqual([ip, expected]);
    expect(forbiddenAddressReason("127.0.0.1", true)).toBeUndefined();
    expect(forbiddenAddressReason("10.0.0.1", true)).toBe("private");
  });
});

describe("web_fetch", () => {
  it("refuses loopback by default, whether written as an IP or a name", async () => {
    const server = await serve((_req, res) => res.end("secret"));
    const tool = createWebFetchTool();
    expect(await runError(tool, { url: `http://127.0.0.1:${server.port}/` })).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(await runError(tool, { url: `http://localhost:${server.port}/` })).toMatch(/loopback/);
    expect(await runError(tool, { url: `http://[::1]:${server.port}/` })).toMatch(/loopback/);
    expect(await runError(tool, { url: `http://[::ffff:127.0.0.1]:${server.port}/` })).toMatch(/loopback/);
    expect(server.hits).toBe(0);
  });

  it("checks the resolved address at connect time, so a name pointing inward is refused", async () => {
    const server = await serve((_req, res) => res.end("secret"));
    const tool = createWebFetchTool({ resolver: fakeDns({ "innocent.example": "127.0.0.1" }) });
    expect(await runError(tool, { url: `http://innocent.example:${server.port}/` })).toMatch(
      /innocent\.example resolves to 127\.0\.0\.1 \(loopback\); refusing to connect/,
    );
    expect(server.hits).toBe(0);
  });

  it("fetches a page and turns HTML into readable text (test switch opens loopback)", async () => {
    const server = await serve((_req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE));
    const tool = createWebFetchTool({ allowLoopbackForTests: true });
    const { content, isError } = await run(tool, { url: `http://127.0.0.1:${server.port}/page` });
    expect(isError).toBe(false);
    expect(content).toBe(
      `http://127.0.0.1:${server.port}/page — HTTP 200 — Test & Page\n\n# Hello\n\nFirst para with a [link](https://example.com/x).\n\n- one\n- two <3\n\n  keep   spacing`,
    );
  });

  it("refuses redirects to link-local, private and unique-local addresses, even with the test switch", async () => {
    const tool = createWebFetchTool({ allowLoopbackForTests: true });
    for (const [target, reason] of [
      ["http://169.254.169.254/latest/meta-data/", /169\.254\.169\.254 is a link-local \(cloud metadata\) address/],
      ["http://10.0.0.1/admin", /10\.0\.0\.1 is a private address/],
      ["http://192.168.1.1/", /private/],
      ["http://[fd00::1]/", /unique-local/],
      ["file:///etc/passwd", /only http and https/],
    ] as const) {
      const server = await serve(redirect(target));
      expect(await runError(tool, { url: `http://127.0.0.1:${server.port}/` })).toMatch(reason);
      expect(server.hits).toBe(1);
    }
  });

  it("follows a redirect to another host no further: that host was never approved or judged by the rules", async () => {
    // An "always" for one host (or a rule on it) must not carry the request to the host an open
    // redirector names; 127.0.0.1 and localhost are two host names, so the hop is cross-host.
    const other = await serve((_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("secret sink"));
    const first = await serve(redirect(`http://localhost:${other.port}/?q=leaked`));
    const tool = createWebFetchTool({ allowLoopbackForTests: true });
    const result = await run(tool, { url: `http://127.0.0.1:${first.port}/` });
    expect(result.content).toContain(`redirects to http://localhost:${other.port}/?q=leaked, another host, which was not followed`);
    expect(result.isError).toBe(false);
    expect(first.hits).toBe(1);
    expect(other.hits).toBe(0);
  });

  it("follows up to five redirects and no more", async () => {
    const final = await serve((_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("arrived"));
    let next = `http://127.0.0.1:${final.port}/`;
    const chain = [];
    for (let i = 0; i < 6; i++) {
      const hop = await serve(redirect(next));
      chain.unshift(hop);
      next = `http://127.0.0.1:${hop.port}/`;
    }
    const tool = createWebFetchTool({ allowLoopbackForTests: true });
    // Starting at the second hop: five redirects, then the page.
    expect((await run(tool, { url: `http://127.0.0.1:${chain[1]!.port}/` })).content).toMatch(/arrived$/);
    expect(await runError(tool, { url: `http://127.0.0.1:${chain[0]!.port}/` })).toMatch(/too many redirects/);
  });

  it("limits size and characters, refuses binary content and reports HTTP errors", async () => {
    const server = await serve((req, res) => {
      if (req.url === "/big") res.writeHead(200, { "content-type": "text/plain" }).end("x".repeat(6 * 1024 * 1024));
      else if (req.url === "/bin") res.writeHead(200, { "content-type": "application/octet-stream" }).end(Buffer.alloc(10));
      else res.writeHead(404, { "content-type": "text/plain" }).end("not here");
    });
    const tool = createWebFetchTool({ allowLoopbackForTests: true });
    const base = `http://127.0.0.1:${server.port}`;
    const big = await run(tool, { url: `${base}/big`, max_chars: 1000 });
    expect(big.content).toMatch(/\[\d+ more characters not shown; raise max_chars to see more\]$/);
    expect(big.content.length).toBeLessThan(1200);
    expect(await runError(tool, { url: `${base}/bin` })).toMatch(/application\/octet-stream, which is not text/);
    const missing = await run(tool, { url: `${base}/nope` });
    expect(missing.isError).toBe(true);
    expect(missing.content).toContain("HTTP 404");
    expect(await runError(tool, { url: "not a url" })).toMatch(/not a valid URL/);
    expect(await runError(tool, { url: `http://user:pw@127.0.0.1:${server.port}/` })).toMatch(/credentials/);
  });

  it("honours the test switch only inside the test runner", () => {
    const saved = process.env.VITEST;
    delete process.env.VITEST;
    try {
      expect(() => createWebFetchTool({ allowLoopbackForTests: true })).toThrow(/only available to the test suite/);
    } finally {
      process.env.VITEST = saved;
    }
  });
});
