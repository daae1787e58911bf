// Secrets found in review: variable names the command environment let through, and key
// shapes the event redactor missed. Checked at the boundary: a real `env` child process, and
// the EventBus every event (and so the session file) passes through.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EventBus } from "../../src/engine/event-bus.js";
import type { AgentEvent } from "../../src/engine/events.js";
import { createRedactor, secretsFromEnv } from "../../src/engine/secrets/redact.js";
import { createProcessRunner } from "../../src/engine/tools/command/process-runner.js";
import { commandEnvironment, createRunCommandTool } from "../../src/engine/tools/command/run-command.js";

const SECRET_ENV = {
  AWS_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  AWS_SESSION_TOKEN: "session-token-value-123",
  PGPASSWORD: "pg-password-value",
  DATABASE_PASSWORD: "db-password-value",
  GITHUB_PAT: "pat-value-12345678",
  STRIPE_SECRET_KEY: "stripe-secret-value",
  SIGNING_KEY: "signing-key-value",
  // Issue 11's names: the secret word anywhere in the name, any case.
  AZURE_OPENAI_KEY: "azure-openai-key-value",
  API_KEY_PROD: "api-key-prod-value",
  DB_PASS: "db-pass-value",
  SECRET_KEY_BASE: "secret-key-base-value",
  GOOGLE_APPLICATION_CREDENTIALS: "/secret/creds.json",
  npm_config__auth: "npm-auth-value",
  Vault_Token: "vault-token-value",
  // The agent socket is no secret value, but whoever holds it signs in as the user over ssh.
  SSH_AUTH_SOCK: "/tmp/agent.sock",
};
const ORDINARY_ENV = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: "/h", AWS_REGION: "eu-west-1", KEYBOARD: "us-intl-layout", GIT_AUTHOR_NAME: "Ada Lovelace" };

describe("secret variables never reach a command", () => {
  // `env` is a POSIX command; cmd.exe has `set`, whose output is laid out differently.
  it.skipIf(process.platform === "win32")("strips AWS secret keys, passwords and PATs from `env` output, keeping ordinary variables", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "secret-env-"));
    try {
      const tool = createRunCommandTool({ root, runner: createProcessRunner(), env: commandEnvironment({ ...ORDINARY_ENV, ...SECRET_ENV }) });
      const result = await tool.execute({ command: "env" }, { signal: new AbortController().signal });
      for (const value of Object.values(SECRET_ENV)) expect(result.content).not.toContain(value);
      expect(result.content).toContain("AWS_REGION=eu-west-1");
      expect(result.content).toContain("GIT_AUTHOR_NAME=Ada Lovelace");
      expect(result.content).not.toMatch(/SSH_AUTH_SOCK|AZURE_OPENAI_KEY|API_KEY_PROD|DB_PASS|SECRET_KEY_BASE/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("redacts the same variables' values from events", () => {
    expect(secretsFromEnv({ ...ORDINARY_ENV, ...SECRET_ENV }).sort()).toEqual(Object.values(SECRET_ENV).sort());
  });
});

describe("key shapes in events", () => {
  const KEYS = [
    "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcdEFGH",
    "sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
    "sk-or-v1-0123456789abcdef0123456789abcdef",
    "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJ",
    "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
    "ASIAIOSFODNN7EXAMPLE",
    "AIzaSyA-1234567890abcdefghijklmnopqrstu",
    "xoxb-1234567890-abcdefghij",
    "xapp-1-A0123456789-0123456789-abcdef",
    "glpat-abcdefghij0123456789",
    "npm_abcdefghijklmnopqrstuvwxyz0123456789",
    "hf_abcdefghijklmnopqrstuvwxyzABCDEFGH",
    "sk_live_abcdefghijklmnop1234",
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
  ];

  it.each(KEYS)("never reaches a subscriber (the session file): %s", (key) => {
    const bus = new EventBus({ redact: createRedactor([]) });
    const seen: AgentEvent[] = [];
    bus.subscribe((event) => seen.push(event));
    bus.publish("tool.output", { callId: "c1", stream: "stdout", chunk: `token=${key}\n` });
    expect(JSON.stringify(seen)).not.toContain(key.slice(8));
  });

  it("redacts a bearer token and a named AWS secret key, keeping the words around them", () => {
    const redact = createRedactor([]);
    expect(redact("Authorization: Bearer 0123456789abcdefABCDEF.xyz")).toBe("Authorization: Bearer [redacted]");
    expect(redact("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")).toBe("aws_secret_access_key = [redacted]");
  });

  it("leaves ordinary code alone", () => {
    const redact = createRedactor([]);
    for (const code of [
      "headers: { Authorization: `Bearer ${token}` }", 'const auth = "Bearer " + apiKey;', "const task = skipLinks(disk_usage_bytes);",
      "import { AIzaConfig } from './google';", "Basic usage of the API; Basic authentication is described below.", "const sigma = x.sig;", "the shpping list",
      "git log 1//0", "see https://hooks.slack.com/ for setup", "const SG = 1; SG.run()", "function eyJtoken(a: string) { return a.split('.'); }", "const npm_config = load();",
      "sk-learn is a library", "ghp_ and github_pat_ prefixes", "process.env.OPENAI_API_KEY",
      "PWD=/home/ada/project", "OLDPWD=/tmp/work", "cd $PWD && ls",
      "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ\n-----END CERTIFICATE-----",
    ]) {
      expect(redact(code), code).toBe(code);
    }
  });
});

describe("private keys cut short or wrapped", () => {
  const BODY = ["MIIEowIBAAKCAQEA1234567890abcdefghijABCDEFGHIJ1234567890abcdefgh", "Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4"];
  const pem = `-----BEGIN RSA PRIVATE KEY-----\n${BODY.join("\n")}\n-----END RSA PRIVATE KEY-----\n`;

  it("without its BEGIN line, or cut at its END line, the body goes", () => {
    const redact = createRedactor([]);
    for (const text of [pem.slice(pem.indexOf("PRIVATE")), pem.slice(pem.indexOf("\n") + 1), `${BODY.join("\n")}\n-----END RSA PRIV`]) {
      const out = redact(text);
      for (const line of BODY) expect(out, text).not.toContain(line);
    }
  });

  it("base64-encoded and wrapped at 60 or 76 columns, every line goes", () => {
    const redact = createRedactor([]);
    const encoded = Buffer.from(pem).toString("base64");
    for (const width of [60, 76]) {
      const wrapped = encoded.match(new RegExp(`.{1,${width}}`, "g"))!.join("\n");
      const out = redact(`${wrapped}\n`);
      for (const line of wrapped.split("\n").filter((line) => line.length > 8)) expect(out, `${width}`).not.toContain(line);
    }
  });

  it("a lower-case pwd= in a config is still a password", () => {
    expect(createRedactor([])("pwd=hunter2secret\n")).toBe("pwd=[redacted]\n");
  });
});

describe("credential-file lines", () => {
  it("redacts the values on the lines credential files are made of, keeping the names", () => {
    const redact = createRedactor([]);
    const aws = "[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key=abc/def+ghi\naws_session_token = FwoGZXIvYXdzEJr//////////wEaDAg0aF+session\n";
    const out = redact(aws);
    expect(out).not.toMatch(/AKIAIOSFODNN7EXAMPLE|abc\/def|FwoGZXIvYXdz/);
    expect(out).toContain("aws_session_token = [redacted]");
    expect(redact("//registry.npmjs.org/:_authToken=npm-secret-token-1\n")).toBe("//registry.npmjs.org/:_authToken=[redacted]\n");
    expect(redact("machine api.example.com login ada password hunter22\n")).toBe("machine api.example.com login ada password [redacted]\n");
    expect(redact("db.example.com:5432:app:ada:pg-secret-9\n")).toBe("db.example.com:5432:app:ada:[redacted]\n");
    expect(redact("https://ada:ghs-token-value@github.com\n")).toBe("https://ada:[redacted]@github.com\n");
    // Code that merely mentions a password keeps its text.
    expect(redact("const password = readPassword();\nurl = 'https://example.com/a:b'\n")).toBe("const password = readPassword();\nurl = 'https://example.com/a:b'\n");
  });
});
