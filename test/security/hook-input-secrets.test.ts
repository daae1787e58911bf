// A hook gets the prompt, the call and its result as the events show them: secrets redacted.
// Hooks are often loggers (an audit trail, a notifier), and a project's hooks are the
// repository's code, which never gets a secret-named variable; neither may get the value
// through its stdin instead.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";

const PASSWORD = "Zq7xW2pLmN4vRt8sKy3";
const GITHUB_TOKEN = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";

describe("what a hook reads on stdin", () => {
  it("PreToolUse, PostToolUse and UserPromptSubmit payloads hold no known value or key shape", async () => {
    const box = makeSandbox();
    writeFileSync(path.join(box.workspace, "notes.txt"), `deploy password is ${PASSWORD}, token ${GITHUB_TOKEN}\n`);
    const logger = path.join(box.home, "log-stdin.mjs");
    writeFileSync(
      logger,
      `import { appendFileSync, readFileSync } from "node:fs";\n` +
        `appendFileSync(process.argv[2], readFileSync(0, "utf8") + "\\n");\n`,
    );
    const log = (name: string) => path.join(box.home, `${name}.log`);
    const hook = (name: string) => [{ hooks: [{ type: "command", command: `"${process.execPath}" "${logger}" "${log(name)}"` }] }];
    writeFileSync(
      path.join(box.home, "config.json"),
      JSON.stringify({ hooks: { UserPromptSubmit: hook("prompt"), PreToolUse: hook("pre"), PostToolUse: hook("post") } }),
    );
    const script = box.script({
      turns: [
        { tool_calls: [{ name: "read_file", arguments: { path: "notes.txt" } }] },
        { tool_calls: [{ name: "write_file", arguments: { path: "copy.txt", content: `password ${PASSWORD}` } }] },
        { text: "done" },
      ],
    });
    const run = await runCli(["-p", `the password is ${PASSWORD}; read notes.txt`, "--yes"], {
      cwd: box.workspace,
      env: { MINI_AGENT_HOME: box.home, FAKE_LLM: script, DEPLOY_PASSWORD: PASSWORD },
    });
    expect(run.code, run.stderr).toBe(0);
    for (const name of ["prompt", "pre", "post"]) expect(existsSync(log(name)), name).toBe(true);
    const prompt = readFileSync(log("prompt"), "utf8");
    const pre = readFileSync(log("pre"), "utf8");
    const post = readFileSync(log("post"), "utf8");
    // The hooks ran on the real payloads: the prompt, the written file, the file read.
    expect(prompt).toContain("the password is [redacted]");
    expect(pre).toContain("copy.txt");
    expect(post).toContain("deploy password is [redacted]");
    for (const text of [prompt, pre, post]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(GITHUB_TOKEN);
    }
    // The tool itself still got the real value: redaction is of what the hook sees.
    expect(readFileSync(path.join(box.workspace, "copy.txt"), "utf8")).toBe(`password ${PASSWORD}`);
  });
});
