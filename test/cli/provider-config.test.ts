// Configuration through the CLI: the errors that stop a run before any request (exit 2, with
// the way out named), and the start-up source report with the key redacted everywhere.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chatText, startScriptedServer, type FakeServer } from "../helpers/fake-openai-server.js";
import { providerSandbox } from "../helpers/provider-cli.js";
import { onlySessionFile, sessionFiles } from "../helpers/session-files.js";

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

describe("configuration errors through the CLI", () => {
  it("no credentials at all: exit 2, naming the variables, files and FAKE_LLM=1", async () => {
    const box = providerSandbox();
    const run = await box.run(["-p", "hello"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    for (const way of ["KIMI_API_KEY", "OPENAI_API_KEY", "ANTHROPIC_API_KEY", ".agent.json", path.join(box.home, "config.json"), ".kimi-code", "FAKE_LLM=1"]) {
      expect(run.stderr).toContain(way);
    }
    expect(sessionFiles(box.home)).toEqual([]);
    // The default provider's own variable comes first.
    expect(run.stderr).toMatch(/works:\n {2}- set KIMI_API_KEY\n/);
    const anthropic = await box.run(["-p", "hello", "--provider", "anthropic"]);
    expect(anthropic.code).toBe(2);
    expect(anthropic.stderr).toMatch(/works:\n {2}- set ANTHROPIC_API_KEY\n {2}- or use another provider: set KIMI_API_KEY \(Kimi Code, the default provider\) or OPENAI_API_KEY\n/);
  });

  it("invalid JSON in your config.json: exit 2, naming the file, line and column", async () => {
    const box = providerSandbox();
    const file = path.join(box.home, "config.json");
    writeFileSync(file, '{\n  "provider": "openai",\n  "model": "gpt-5",,\n}\n');
    // The stray second comma on line 3 is the 20th character of that line.
    const run = await box.run(["-p", "hello"], { OPENAI_API_KEY: "sk-unused-000000000000000000" });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`Invalid JSON in ${file} at line 3, column 20`);
  });

  it("invalid JSON in a project's .agent.json: a warning with the position, and the run goes on without it", async () => {
    const box = providerSandbox();
    const file = path.join(box.workspace, ".agent.json");
    writeFileSync(file, '{\n  "provider": "openai",\n  "model": "gpt-5",,\n}\n');
    const run = await box.run(["-p", "hello"], { FAKE_LLM: "1" });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`Invalid JSON in ${file} at line 3, column 20`);
    expect(run.stderr).toContain("the project's settings were ignored");
  });

  it("a base URL that is not an http(s) URL: exit 2 at once, naming the setting and where it came from", async () => {
    const box = providerSandbox();
    const fromEnv = await box.run(["-p", "hello"], { OPENAI_API_KEY: "sk-unused-000000000000000000", OPENAI_BASE_URL: "not-a-url" });
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stderr).toContain('base_url "not-a-url" (from env OPENAI_BASE_URL) is not an http:// or https:// URL');
    const file = path.join(box.home, "config.json");
    writeFileSync(file, JSON.stringify({ provider: "openai", base_url: "ftp://example.com/v1" }));
    const fromFile = await box.run(["-p", "hello"], { OPENAI_API_KEY: "sk-unused-000000000000000000" });
    expect(fromFile.code).toBe(2);
    expect(fromFile.stderr).toContain(`base_url "ftp://example.com/v1" (from ${file})`);
    expect(sessionFiles(box.home)).toEqual([]);
  });

  it("a proxy variable that is not an http(s) URL: exit 2 naming the variable and value (password hidden), no stack, no session", async () => {
    const box = providerSandbox();
    const key = { OPENAI_API_KEY: "sk-unused-000000000000000000" };
    const cases: [Record<string, string>, string][] = [
      [{ HTTP_PROXY: "notaurl" }, 'HTTP_PROXY "notaurl" is not an http:// or https:// URL'],
      [{ HTTPS_PROXY: "notaurl" }, 'HTTPS_PROXY "notaurl" is not an http:// or https:// URL'],
      [{ http_proxy: "ftp://x" }, 'http_proxy "ftp://x" is not an http:// or https:// URL'],
      [{ HTTPS_PROXY: "socks5://bob:hunter2pass@proxy:1080" }, 'HTTPS_PROXY "socks5://…:…@proxy:1080" is not an http:// or https:// URL'],
      [{ HTTPS_PROXY: "bob:hunter2pass@proxy:3128" }, 'HTTPS_PROXY "…@proxy:3128" is not an http:// or https:// URL'],
    ];
    for (const [env, message] of cases) {
      const run = await box.run(["-p", "hello", "--provider", "openai"], { ...key, ...env });
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain(message);
      expect(run.stderr).not.toContain("hunter2pass");
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    expect(sessionFiles(box.home)).toEqual([]);
  });

  it("a system_prompt_file from your own config.json that cannot be used: exit 2 naming it, its config and why; a project's is a notice", async () => {
    const box = providerSandbox();
    const config = path.join(box.home, "config.json");
    const base = path.dirname(box.home);
    const huge = path.join(base, "huge.md");
    writeFileSync(huge, "x".repeat(100_001));
    const cases: [string, string][] = [
      [path.join(base, "missing.md"), "does not exist"],
      [base, "is a directory, not a regular file"],
      [huge, "is 100001 bytes; at most 100000 bytes are read"],
    ];
    for (const [file, why] of cases) {
      writeFileSync(config, JSON.stringify({ system_prompt_file: file }));
      const run = await box.run(["-p", "hello"], { FAKE_LLM: "1" });
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain(`system_prompt_file ${file}: ${why} (from ${config})`);
      expect(run.stdout).toBe("");
    }
    expect(sessionFiles(box.home)).toEqual([]);
    // The project's own: untrusted input, skipped with a notice, and the run goes on.
    writeFileSync(config, "{}");
    writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify({ system_prompt_file: "." }));
    const project = await box.run(["-p", "hello"], { FAKE_LLM: "1" });
    expect(project.code, project.stderr).toBe(0);
    expect(project.stderr).toContain("system_prompt_file");
  });

  it("a custom provider without base_url: exit 2, naming what is missing", async () => {
    const box = providerSandbox();
    writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ provider: "my-gateway", model: "m1" }));
    const run = await box.run(["-p", "hello"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Provider "my-gateway" is not one of the presets/);
    expect(run.stderr).toMatch(/missing: base_url\)/);
  });
});

describe("the start-up source report", () => {
  it("names each setting's source on stderr with the key shortened, and the key is nowhere else", async () => {
    const key = "sk-report-test-key-1234567890abcd";
    const server = await startScriptedServer([chatText("ok")]);
    servers.push(server);
    const box = providerSandbox();
    const baseUrl = `${server.url}/v1`;
    const run = await box.run(["-p", "hello", "--model", "gpt-4.1"], { OPENAI_API_KEY: key, OPENAI_BASE_URL: baseUrl });
    expect(run.code, run.stderr).toBe(0);

    const lines = run.stderr.split("\n");
    expect(lines[0]).toBe("mini-agent settings:");
    expect(run.stderr).toMatch(/provider\s+openai\s+\(inferred from env OPENAI_API_KEY\)/);
    expect(run.stderr).toMatch(/model\s+gpt-4\.1\s+\(flag --model\)/);
    expect(run.stderr).toContain(`${baseUrl}  (env OPENAI_BASE_URL)`);
    expect(run.stderr).toMatch(/api_key\s+sk-…abcd\s+\(env OPENAI_API_KEY\)/);
    expect(run.stdout + run.stderr).not.toContain(key);
    expect(run.stderr).not.toContain(key.slice(0, 12));

    // The key crossed to the server (it has to) and to nothing on disk.
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${key}`);
    expect(readFileSync(onlySessionFile(box.home), "utf8")).not.toContain(key);
  });

  it("a short key (a local server's) shows none of its characters in the settings report", async () => {
    // Four characters of a 10-character key are 40% of it; only a key of 20 or more shows its end.
    const key = "lan-k3y-9z";
    const server = await startScriptedServer([chatText("ok")]);
    servers.push(server);
    const box = providerSandbox();
    const run = await box.run(["-p", "hello", "--model", "gpt-4.1"], { OPENAI_API_KEY: key, OPENAI_BASE_URL: `${server.url}/v1` });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/api_key\s+…\s+\(env OPENAI_API_KEY\)/);
    expect(run.stderr).not.toContain("9z");
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${key}`);
  });
});
