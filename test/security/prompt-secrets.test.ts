// What reaches the system prompt from files and hooks passes the redactor: a key written into
// AGENTS.md, or printed by a SessionStart hook (the user's own, which runs without trust),
// never reaches the model's request.
import { writeFileSync } from "node:fs";
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
});
