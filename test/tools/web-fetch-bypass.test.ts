// Spellings of inward addresses a URL parser or resolver might let through: numeric IPv4
// forms, IPv4-mapped and NAT64 IPv6, unspecified addresses, trailing-dot and *.localhost
// names, userinfo, and redirects to other schemes. A real local server counts what arrives.
import { describe, expect, it } from "vitest";
import { forbiddenAddressReason, type Resolver } from "../../src/engine/sandbox/net-guard.js";
import { createWebFetchTool } from "../../src/engine/tools/web/web-fetch.js";
import { runError } from "./tree.js";
import { serve } from "../helpers/counting-server.js";

/** Every name resolves inward, as a hostile DNS server would answer. */
const inwardDns: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];

describe("web_fetch refuses inward addresses however they are spelled", () => {
  it("numeric, mapped, unspecified and special-name spellings of loopback never connect", async () => {
    const server = await serve((_req, res) => res.end("inside"));
    const tool = createWebFetchTool({ resolver: inwardDns });
    const p = server.port;
    for (const url of [
      `http://2130706433:${p}/`, `http://0x7f.1:${p}/`, `http://0x7f000001:${p}/`, `http://017700000001:${p}/`, `http://0177.0.0.1:${p}/`,
      `http://127.1:${p}/`, `http://0.0.0.0:${p}/`, `http://0:${p}/`, `http://[::]:${p}/`, `http://[::ffff:127.0.0.1]:${p}/`,
      `http://[0:0:0:0:0:ffff:7f00:1]:${p}/`, `http://[64:ff9b::127.0.0.1]:${p}/`, `http://localhost.:${p}/`, `http://LOCALHOST:${p}/`,
      `http://api.localhost:${p}/`, `http://api.localhost.:${p}/`, `http://evil.example@127.0.0.1:${p}/`, `http://127.0.0.1%2e:${p}/`,
      `http://rebind.example:${p}/`,
    ]) {
      const message = await runError(tool, { url });
      expect(message, url).toMatch(/refus|not fetched|not a valid URL/);
    }
    expect(server.hits).toBe(0);
  });

  it("refuses redirects to other schemes and to numeric loopback spellings", async () => {
    const inside = await serve((_req, res) => res.end("inside"));
    const tool = createWebFetchTool({ allowLoopbackForTests: true, resolver: async () => [{ address: "10.0.0.1", family: 4 }] });
    for (const target of ["file:///etc/passwd", "gopher://127.0.0.1:70/_x", "ftp://example.com/", "data:text/plain,x",
      "http://0x0a000001/", "http://[::ffff:a9fe:a9fe]/latest/meta-data/", "http://169.254.169.254./", "http://100.64.0.1/", "http://198.18.0.1/"]) {
      const hop = await serve((_req, res) => res.writeHead(302, { location: target }).end());
      const message = await runError(tool, { url: `http://127.0.0.1:${hop.port}/` });
      expect(message, target).toMatch(/only http and https|refus/);
    }
    expect(inside.hits).toBe(0);
  });

  it("classifies the special-purpose ranges", () => {
    for (const [ip, reason] of [["100.64.0.1", "carrier-grade NAT"], ["100.127.255.255", "carrier-grade NAT"], ["198.18.0.1", "benchmarking"],
      ["198.19.255.255", "benchmarking"], ["::ffff:10.0.0.1", "private"], ["64:ff9b::169.254.169.254", "link-local (cloud metadata)"],
      ["255.255.255.255", "reserved"], ["::ffff:0.0.0.0", "unspecified"]] as const) {
      expect([ip, forbiddenAddressReason(ip)]).toEqual([ip, reason]);
    }
    expect(forbiddenAddressReason("100.128.0.1")).toBeUndefined();
    expect(forbiddenAddressReason("198.20.0.1")).toBeUndefined();
  });
});
