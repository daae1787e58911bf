// Secret variables whose names hold none of KEY, TOKEN, SECRET, PASS, CREDENTIAL, AUTH: a
// password manager's session (BW_SESSION, OP_SESSION_<account>), a DSN, a `_PW`, a cookie, a
// role id, a private PEM. A command never gets them (not from mini-agent's environment, not
// from the login profile), and their values are redacted in what the model reads; the
// desktop's and terminal's harmless session variables stay. Checked on a real `env`, a real
// login bash, and the built CLI in the sandbox.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { probeBubblewrap } from "../../src/engine/sandbox/bubblewrap.js";
import { secretsFromEnv } from "../../src/engine/secrets/redact.js";
import { createProcessRunner } from "../../src/engine/tools/command/process-runner.js";
import { commandEnvironment, createRunCommandTool } from "../../src/engine/tools/command/run-command.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";

const SECRETS: Record<string, string> = {
  BW_SESSION: "bwSessionValue123456",
  OP_SESSION_acme: "opSessionValue987654",
  SENTRY_DSN: "https://0123456789abcdef0123@o1.ingest.sentry.io/1",
  DOCKER_PW: "dockerpw12345",
  DB_PWD: "dbpwd-value-777",
  SESSION_COOKIE: "sessid_9f8e7d6c5b4a",
  VAULT_ROLE_ID: "role-1234567890",
  PRIVATE_PEM: "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC",
  APP_JWT: "jwt-value-abcdefgh",
  CONNECT_SID: "s%3Aconnect-sid-value",
  SLACK_WEBHOOK: "webhook-value-0000111",
  RELEASE_SIGNING_BLOB: "signing-value-2222",
  AZURE_STORAGE_CONNECTION_STRING: "conn-string-value-3333",
};
/** Common, harmless, and needed by tools: they stay. */
const HARMLESS: Record<string, string> = {
  XDG_SESSION_TYPE: "wayland-session",
  XDG_SESSION_ID: "session-c2",
  DBUS_SESSION_BUS_ADDRESS: "unix:path=/run/user/1000/bus",
  SESSION_MANAGER: "local/host:@/tmp/.ICE-unix/1234",
  DESKTOP_SESSION: "ubuntu-desktop",
  TERM_SESSION_ID: "w0t0p0:0123-4567",
  GOPRIVATE: "github.com/corp/*",
  ORACLE_SID: "ORCLCDB1",
  KEYBOARD_LAYOUT: "us-intl",
};

describe("secret variables named without KEY, TOKEN, SECRET, PASS, CREDENTIAL or AUTH", () => {
  it.skipIf(process.platform === "win32")("never reach a command, even when the login profile exports them; the harmless ones do", async () => {
    const home = realpathSync(mkdtempSync(path.join(os.tmpdir(), "secret-names-home-")));
    try {
      const exports = Object.entries({ ...SECRETS, ...HARMLESS }).map(([name, value]) => `export ${name}='profile-${value}'`);
      writeFileSync(path.join(home, ".bash_profile"), `${exports.join("\n")}\n`);
      const env = commandEnvironment({ PATH: process.env.PATH, ...SECRETS, ...HARMLESS });
      for (const [label, base] of [["environment", env], ["login profile", { ...env, HOME: home }]] as const) {
        const tool = createRunCommandTool({ root: home, runner: createProcessRunner(), env: base });
        const out = (await tool.execute({ command: "env" }, { signal: new AbortController().signal })).content;
        for (const name of Object.keys(SECRETS)) expect(out, `${label}: ${name}`).not.toMatch(new RegExp(`^${name}=`, "m"));
        for (const name of Object.keys(HARMLESS)) expect(out, `${label}: ${name}`).toMatch(new RegExp(`^${name}=`, "m"));
        // PWD is the shell's folder, not a password.
        expect(out).toMatch(/^PWD=\//m);
      }
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it("are redacted by value; the harmless ones are not", () => {
    const found = secretsFromEnv({ ...SECRETS, ...HARMLESS });
    for (const value of Object.values(SECRETS)) expect(found).toContain(value);
    for (const value of Object.values(HARMLESS)) expect(found).not.toContain(value);
  });

  it.skipIf(!probeBubblewrap().works)("the built CLI: absent from a sandboxed command's environment, redacted where a file shows them", async () => {
    const box = makeSandbox();
    writeFileSync(path.join(box.workspace, "notes.txt"), `${Object.values(SECRETS).join("\n")}\n`);
    const script = box.script({
      turns: [{ tool_calls: [{ name: "run_command", arguments: { command: "env; printenv BW_SESSION; cat notes.txt" } }] }],
      after: { text: "done" },
    });
    const run = await runCli(["-p", "go", "--yes", "--sandbox", "--output-format", "stream-json"], {
      cwd: box.workspace,
      env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home, ...SECRETS, ...HARMLESS },
    });
    expect(run.code, run.stderr).toBe(0);
    for (const [name, value] of Object.entries(SECRETS)) {
      expect(run.stdout, name).not.toContain(value);
      expect(run.stdout, name).not.toContain(`${name}=`);
    }
    expect(run.stdout).toContain("[redacted]");
    expect(run.stdout).toContain("XDG_SESSION_TYPE=wayland-session");
    expect(run.stdout).toContain("GOPRIVATE=github.com/corp/*");
  });
});
