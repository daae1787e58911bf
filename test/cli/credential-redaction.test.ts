// End to end, issue 21's redaction gaps: under a temp HOME with fake credential files and a
// DSN in the environment, the real CLI runs commands that print them numbered (`cat -n`,
// `grep -n`, `nl`), cut out of their lines, upper-cased, base64-encoded and as `env` output,
// reads a workspace file that repeats one, and leaves a background task's log. The session
// file, stream-json, the bytes the fake provider received, the task log and the prompt
// history hold none of the secrets in any of those forms.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chatText, chunk, DONE, sse, startScriptedServer, toolDelta, type FakeServer, type Step } from "../helpers/fake-openai-server.js";
import { allBodies, providerSandbox } from "../helpers/provider-cli.js";
import { onlySessionFile } from "../helpers/session-files.js";

const AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
const SESSION_TOKEN = "IQoJb3JpZ2luX2VjE2e2eSessionTokenBody";
const NETRC_PASSWORD = "netrc-e2e-password";
const PGPASS_PASSWORD = "pgpass-e2e-password";
const DSN_PASSWORD = "dsn-e2e-password";
const SECRETS = [AWS_SECRET, SESSION_TOKEN, NETRC_PASSWORD, PGPASS_PASSWORD, DSN_PASSWORD];

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

function toolCall(id: string, name: string, args: object): Step {
  return sse(chunk({ role: "assistant", content: "" }), chunk(toolDelta(0, { id, name, args: JSON.stringify(args) })), chunk({}, "tool_calls"), DONE);
}

/** Base64 runs of `value` that do not depend on its alignment in a longer encoding. */
function base64Runs(value: string): string[] {
  return [0, 1, 2].map((offset) => Buffer.concat([Buffer.alloc(offset), Buffer.from(value)]).toString("base64").slice(4, 14));
}

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

describe.runIf(process.platform !== "win32")("credentials printed by commands and read from files", () => {
  it("never reach the session file, stream-json, the provider, a task log or the prompt history", async () => {
    const box = providerSandbox();
    write(path.join(box.userHome, ".aws", "credentials"), `[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = ${AWS_SECRET}\naws_session_token = ${SESSION_TOKEN}\n`);
    write(path.join(box.userHome, ".netrc"), `machine api.example.com\n  login ada\n  password ${NETRC_PASSWORD}\n`);
    write(path.join(box.userHome, ".pgpass"), `db.example.com:5432:app:ada:${PGPASS_PASSWORD}\n`);
    // A workspace file that repeats a credential's value with no telling context.
    write(path.join(box.workspace, "config", "settings.yml"), `database:\n  secret_word: ${PGPASS_PASSWORD}\n`);
    const printing = [
      "cat -n ~/.aws/credentials",
      "grep -n token ~/.aws/credentials",
      "nl ~/.pgpass",
      "cut -d= -f2 ~/.aws/credentials",
      "tr a-z A-Z < ~/.netrc",
      "base64 -w0 ~/.netrc; echo",
      "env | grep DATABASE_URL",
    ].join("; ");
    const server = await startScriptedServer([
      toolCall("c1", "run_command", { command: printing }),
      toolCall("c2", "read_file", { path: "config/settings.yml" }),
      toolCall("c3", "run_command", { command: "cut -d= -f2 ~/.aws/credentials; grep -n password ~/.netrc; touch task-done", background: true }),
      // The turn ends (and reaps the task) only once the task has printed everything.
      toolCall("c4", "run_command", { command: "while [ ! -f task-done ]; do sleep 0.05; done" }),
      chatText("done"),
    ]);
    servers.push(server);
    writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ provider: "openai", base_url: `${server.url}/v1` }));
    const run = await box.run(["-p", `check the db, its password is ${DSN_PASSWORD}`, "--yes", "--no-sandbox", "--output-format", "stream-json"], {
      OPENAI_API_KEY: "sk-user-openai-key-5555aaaa6666bbbb",
      DATABASE_URL: `postgres://app:${DSN_PASSWORD}@db.example.com/app`,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(server.requests).toHaveLength(5);

    const sessionFile = onlySessionFile(box.home);
    const sessionDir = path.dirname(sessionFile);
    const taskLogs = path.join(sessionFile.replace(/\.jsonl$/, ""), "tasks");
    const logs = readdirSync(taskLogs).filter((name) => name.endsWith(".log"));
    expect(logs).toEqual(["t1.log"]);
    const places = {
      session: readFileSync(sessionFile, "utf8"),
      stdout: run.stdout,
      provider: allBodies(server),
      taskLog: readFileSync(path.join(taskLogs, "t1.log"), "utf8"),
      promptHistory: readFileSync(path.join(sessionDir, "prompt-history"), "utf8"),
    };
    for (const [place, text] of Object.entries(places)) {
      const lower = text.toLowerCase();
      for (const secret of SECRETS) expect(lower, `${place}: ${secret}`).not.toContain(secret.toLowerCase());
      for (const run of base64Runs(NETRC_PASSWORD)) expect(text, `${place}: base64 of the netrc password`).not.toContain(run);
      expect(text, place).toContain("[redacted]");
    }
    // What the commands printed arrived, only without the values.
    const results = places.provider;
    expect(results).toContain("aws_session_token = [redacted]");
    expect(results).toContain("db.example.com:5432:app:ada:[redacted]");
    expect(results).toContain("PASSWORD [redacted]");
    expect(results).toContain("DATABASE_URL=postgres://app:[redacted]@db.example.com/app");
    expect(results).toContain("secret_word: [redacted]");
    expect(places.taskLog).toMatch(/password \[redacted\]/);
  });
});
