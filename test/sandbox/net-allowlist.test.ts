// The sandbox's host allowlist (ADR 0037), pure: which host:port a rule lets through, how a
// project's setting narrows the user's, and how the config spells it (mistakes name the file).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, resolveConfig } from "../../src/config/resolve-config.js";
import {
  compileRules,
  DEFAULT_ALLOWED_HOSTS,
  describeNetwork,
  isAllowed,
  narrowNetwork,
  parseHostRule,
} from "../../src/engine/sandbox/net-allowlist.js";

describe("a host rule", () => {
  it("allows exactly its host on the web's ports, or the one port it names", () => {
    const rules = compileRules(["registry.npmjs.org", "localhost:8080", "[::1]:3000"]);
    expect(isAllowed(rules, "registry.npmjs.org", 443)).toBe(true);
    expect(isAllowed(rules, "REGISTRY.npmjs.org.", 80)).toBe(true);
    expect(isAllowed(rules, "registry.npmjs.org", 22)).toBe(false);
    expect(isAllowed(rules, "evil.registry.npmjs.org", 443)).toBe(false);
    expect(isAllowed(rules, "registry.npmjs.org.evil.com", 443)).toBe(false);
    expect(isAllowed(rules, "localhost", 8080)).toBe(true);
    expect(isAllowed(rules, "localhost", 443)).toBe(false);
    expect(isAllowed(rules, "[::1]", 3000)).toBe(true);
  });

  it("a *. rule covers subdomains, never the bare domain or a look-alike", () => {
    const rules = compileRules(["*.example.com"]);
    expect(isAllowed(rules, "a.example.com", 443)).toBe(true);
    expect(isAllowed(rules, "a.b.example.com", 80)).toBe(true);
    expect(isAllowed(rules, "example.com", 443)).toBe(false);
    expect(isAllowed(rules, "badexample.com", 443)).toBe(false);
  });

  it("refuses what is not a host, with a message", () => {
    for (const bad of ["http://x.com", "x.com/path", "a b", "*", "x.com:99999", "*.*.com", "user@x.com"]) {
      expect(typeof parseHostRule(bad), bad).toBe("string");
    }
    expect(compileRules(["defaults"]).length).toBe(DEFAULT_ALLOWED_HOSTS.length);
    expect(describeNetwork({ mode: "allowlist", hosts: [] })).toBe("no host");
    expect(describeNetwork({ mode: "on" })).toBe("every host");
  });
});

describe("a project's setting only narrows the user's", () => {
  it("keeps the project's hosts the user allows and drops the rest", () => {
    const user = { mode: "allowlist" as const, hosts: ["registry.npmjs.org", "*.corp.example", "pypi.org"] };
    const narrowed = narrowNetwork(user, { mode: "allowlist", hosts: ["registry.npmjs.org", "git.corp.example", "evil.com", "pypi.org:8443"] });
    expect(narrowed.network).toEqual({ mode: "allowlist", hosts: ["registry.npmjs.org", "git.corp.example"] });
    expect(narrowed.dropped).toEqual(["evil.com", "pypi.org:8443"]);
  });

  it("cannot turn the network on, can turn it off", () => {
    const user = { mode: "allowlist" as const, hosts: ["pypi.org"] };
    expect(narrowNetwork(user, { mode: "on" })).toEqual({ network: user, dropped: ["on"] });
    expect(narrowNetwork(user, { mode: "allowlist", hosts: [] }).network).toEqual({ mode: "allowlist", hosts: [] });
    expect(narrowNetwork({ mode: "on" }, { mode: "allowlist", hosts: ["evil.com"] }).network).toEqual({ mode: "allowlist", hosts: ["evil.com"] });
  });

  it("a wildcard in the project needs the same or a wider wildcard in the user's list", () => {
    expect(narrowNetwork({ mode: "allowlist", hosts: ["a.example.com"] }, { mode: "allowlist", hosts: ["*.example.com"] }).dropped).toEqual(["*.example.com"]);
    expect(narrowNetwork({ mode: "allowlist", hosts: ["*.example.com"] }, { mode: "allowlist", hosts: ["*.a.example.com"] }).dropped).toEqual([]);
  });
});

describe('"sandbox_network" in the config files', () => {
  function world() {
    const root = mkdtempSync(join(tmpdir(), "mini-agent-netcfg-"));
    const cwd = join(root, "project");
    const home = join(root, "home");
    mkdirSync(cwd, { recursive: true });
    mkdirSync(join(home, ".mini-agent"), { recursive: true });
    return {
      resolve: (projectTrusted = false) => resolveConfig({ env: { FAKE_LLM: "1" }, cwd, home, flags: {}, projectTrusted }),
      user: (value: unknown) => writeFileSync(join(home, ".mini-agent", "config.json"), JSON.stringify({ sandbox_network: value })),
      project: (value: unknown) => writeFileSync(join(cwd, ".agent.json"), JSON.stringify({ sandbox_network: value })),
      cwd,
    };
  }

  it("the user's list, \"on\" and \"off\" are read; absent leaves the default", () => {
    const w = world();
    expect(w.resolve().sandboxNetwork).toBeUndefined();
    w.user(["defaults", "github.com"]);
    expect(w.resolve().sandboxNetwork).toEqual({ mode: "allowlist", hosts: ["defaults", "github.com"] });
    w.user("on");
    expect(w.resolve().sandboxNetwork).toEqual({ mode: "on" });
    w.user(false);
    expect(w.resolve().sandboxNetwork).toEqual({ mode: "allowlist", hosts: [] });
  });

  it("a project, trusted or not, narrows and is warned about what it tried to add", () => {
    const w = world();
    w.user(["registry.npmjs.org", "pypi.org"]);
    w.project(["pypi.org", "exfil.example"]);
    for (const trusted of [false, true]) {
      const config = w.resolve(trusted);
      expect(config.sandboxNetwork).toEqual({ mode: "allowlist", hosts: ["pypi.org"] });
      expect(config.warnings.join("\n")).toContain('"sandbox_network" can only narrow your own list; ignored: exfil.example');
    }
    w.project("on");
    expect(w.resolve(true).sandboxNetwork).toEqual({ mode: "allowlist", hosts: ["registry.npmjs.org", "pypi.org"] });
  });

  it("a bad value in the user's file stops with its path; in a project's it is skipped", () => {
    const w = world();
    w.user(["http://x.com"]);
    expect(() => w.resolve()).toThrow(ConfigError);
    expect(() => w.resolve()).toThrow(/config\.json at line 1, column 21: "sandbox_network": "http:\/\/x\.com" is not a host/);
    w.user(["pypi.org"]);
    w.project(42);
    const config = w.resolve();
    expect(config.sandboxNetwork).toEqual({ mode: "allowlist", hosts: ["pypi.org"] });
    expect(config.warnings.join("\n")).toMatch(/\.agent\.json at line 1, column 20: "sandbox_network" must be/);
  });
});
