// What reaches the system prompt from files and hooks passes the redactor: a key written into
// AGENTS.md, or printed by a SessionStart hook (the user's own, which runs without trust),
// never reaches the model's request.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { recordedRequests } from "../helpers/session-files.js";

const GITHUB_TOKEN = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";
const NAMED_SECRET = "a-value-only-its-name-marks-secret";

describe("secrets in the system prompt's sources", () => {
  it("a token in AGENTS.md and a SessionStart hook's output are redacted from the request", async () => {
    const box = makeSandbox();
    writeFileSync(path.join(box.workspace, "AGENTS.md"), `Deploy with token ${GITHUB_TOKEN}.\n`);
    const hook = path.join(box.home, "start.mjs");
    writeFileSync(hook, `process.stdout.write("deploy secret is " + process.env.DEPLOY_SECRET);\n`);
    writeFileSync(
      path.join(box.home, "config.json"),
      JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: "command", command: `"${process.execPath}" "${hook}"` }] }] } }),
    );
    const record = path.join(box.home, "requests.jsonl");
    const run = await runCli(["-p", "hi"], {
      cwd: box.workspace,
      env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [{ text: "ok" }] }), FAKE_LLM_RECORD: record, DEPLOY_SECRET: NAMED_SECRET },
    });
    expect(run.code, run.stderr).toBe(0);
    const sent = JSON.stringify(recordedRequests(record)[0]);
    expect(sent).toContain("Deploy with token");
    expect(sent).toContain("deploy secret is");
    expect(sent).not.toContain(GITHUB_TOKEN);
    expect(sent).not.toContain(NAMED_SECRET);
  });

  it("git's own credential forms in .git/config (an extraHeader's token, a token as the remote's user name) never reach the request", async () => {
    const box = makeSandbox();
    const header = "9f8e7d6c5b4a39281706f5e4d3c2b1a0ffeeddcc";
    const inUrl = "9f8e7d6c5b4a39281706f5e4d3c2b1a1";
    const appToken = "5b4a39281706f5e4d3c2b1a0ffeeddcc9f8e7d6c";
    mkdirSync(path.join(box.workspace, ".git"));
    writeFileSync(
      path.join(box.workspace, ".git", "config"),
      [
        '[http "https://y.corp/"]',
        `\textraHeader = Authorization: token ${header}`,
        '[remote "up"]',
        `\turl = https://${inUrl}@github.com/x.git`,
        '[remote "app"]',
        `\turl = https://x-access-token:${appToken}@github.com/x.git`,
        '[remote "origin"]',
        "\turl = git@github.com:org/repo.git",
        "",
      ].join("\n"),
    );
    // Before trust, through the project's AGENTS.md (as a cloned repository can ship it).
    symlinkSync(".git/config", path.join(box.workspace, "AGENTS.md"));
    const record = path.join(box.home, "requests.jsonl");
    const run = await runCli(["-p", "hi"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [{ text: "ok" }] }), FAKE_LLM_RECORD: record } });
    expect(run.code, run.stderr).toBe(0);
    const sent = JSON.stringify(recordedRequests(record)[0]);
    expect(sent).toContain("extraHeader = Authorization: token [redacted]");
    expect(sent).toContain("git@github.com:org/repo.git");
    for (const secret of [header, inUrl, appToken]) expect(sent).not.toContain(secret);
  });
});
