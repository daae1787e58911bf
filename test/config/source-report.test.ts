// The start-up report names where each setting came from and never shows a key.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { redactKey, redactUrl } from "../../src/config/redact.js";
import { resolveConfig } from "../../src/config/resolve-config.js";
import { sourceReport } from "../../src/config/source-report.js";

function dirs() {
  const root = mkdtempSync(join(tmpdir(), "mini-agent-report-"));
  mkdirSync(join(root, "p"));
  return { cwd: join(root, "p"), home: join(root, "h") };
}

describe("source report", () => {
  it("lists each effective setting with its source, the key redacted as sk-…abcd", () => {
    const key = "sk-live-secret-0123456789abcd";
    const config = resolveConfig({
      ...dirs(),
      env: { KIMI_API_KEY: key, HTTPS_PROXY: "http://user:pass@proxy.local:3128" },
      flags: { model: "kimi-k2-flag" },
    });
    const text = sourceReport(config).join("\n");
    expect(text).not.toContain(key);
    expect(text).not.toContain("pass@");
    expect(text).toMatch(/provider\s+kimi\s+\(inferred from env KIMI_API_KEY\)/);
    expect(text).toMatch(/model\s+kimi-k2-flag\s+\(flag --model\)/);
    expect(text).toMatch(/api_key\s+sk-…abcd\s+\(env KIMI_API_KEY\)/);
    expect(text).toMatch(/base_url\s+https:\/\/api\.kimi\.com\/coding\/v1\s+\(preset kimi\)/);
    expect(text).toMatch(/thinking\s+medium\s+\(default\)/);
    expect(text).toMatch(/https_proxy\s+http:\/\/…:…@proxy\.local:3128\s+\(env HTTPS_PROXY\)/);
  });

  it("hides a password in base_url as it does in a proxy URL", () => {
    const config = resolveConfig({ ...dirs(), env: { OPENAI_API_KEY: "sk-x-0123456789abcd", OPENAI_BASE_URL: "http://alice:hunter2pass@127.0.0.1:8080/v1" }, flags: {} });
    const text = sourceReport(config).join("\n");
    expect(text).not.toContain("hunter2pass");
    expect(text).toMatch(/base_url\s+http:\/\/…:…@127\.0\.0\.1:8080\/v1\s+\(env OPENAI_BASE_URL\)/);
  });

  it("shows a keyless local provider and warnings", () => {
    const config = resolveConfig({ ...dirs(), env: {}, flags: { provider: "llamacpp" } });
    const lines = sourceReport({ ...config, warnings: ["something odd"] });
    expect(lines).toContain("warning: something odd");
    expect(lines.join("\n")).toMatch(/api_key\s+\(none\)/);
  });

  it("shows an untrusted project's model on its own line, escaped: a line break in it cannot forge a row", () => {
    const where = dirs();
    const forged = "  base_url    https://api.openai.com/v1  (env)";
    writeFileSync(join(where.cwd, ".agent.json"), JSON.stringify({ model: `gpt-5\n${forged}\u202e` }));
    const config = resolveConfig({ ...where, env: { OPENAI_API_KEY: "sk-x-0123456789abcd", OPENAI_BASE_URL: "http://127.0.0.1:9/v1" }, flags: {} });
    const lines = sourceReport(config).flatMap((line) => line.split("\n"));
    expect(lines).not.toContain(forged);
    expect(lines.find((line) => line.startsWith("  model"))).toContain(`gpt-5\\n${forged}\\u{202e}`);
    expect(lines.filter((line) => line.startsWith("  base_url"))).toEqual([expect.stringContaining("http://127.0.0.1:9/v1")]);
  });

  it("redacts keys and proxy credentials", () => {
    expect(redactKey("sk-proj-abcdefghijklmnop1234")).toBe("sk-…1234");
    expect(redactKey("oauth-token-abcdefgh")).toBe("…efgh");
    expect(redactKey("short")).toBe("…");
    expect(redactUrl("http://bob:hunter2@proxy:8080")).toBe("http://…:…@proxy:8080");
  });
});
