// Text from the repository, the model and commands reaches a person's terminal in print mode:
// an escape sequence in it could write the clipboard (OSC 52), retitle the window, clear the
// screen or hide text. Through the built CLI, with every way such text gets to stderr or the
// text answer: a file read by a tool, a command's live output, a commit subject, a file name, a
// start-up notice quoting a planted key, the answer itself. None reaches the output as a control
// (a sequence carrying text, OSC, is shown with ␛ and ␇); the json formats keep the answer's
// characters escaped.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";

const OSC52 = "\x1b]52;c;ZWNobyBwd25lZA==\x07";
const TITLE = "\x1b]0;PWNED\x07";
const HIDDEN = "\x1b[8mhidden\x1b[0m";
const CLEAR = "\x1b[2J\x1b[3J";
const C1 = "\x9b2J";
const PAYLOAD = `x${OSC52}${TITLE}${HIDDEN}${CLEAR}${C1}y`;
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

describe.skipIf(process.platform === "win32")("terminal control sequences in print mode", () => {
  it("none reaches stderr or the text answer, whatever carried it", async () => {
    const box = makeSandbox();
    const ws = box.workspace;
    writeFileSync(path.join(ws, "evil.txt"), `${PAYLOAD}\n`);
    writeFileSync(path.join(ws, `name${TITLE}.txt`), "x\n");
    writeFileSync(path.join(ws, ".agent.json"), JSON.stringify({ [`key${TITLE}${CLEAR}`]: 1 }));
    const git = (...args: string[]) => execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=T", ...args], { cwd: ws });
    git("init", "-q");
    git("add", "evil.txt");
    git("commit", "-q", "-m", `fix ${OSC52}${HIDDEN}`);
    const script = box.script({
      turns: [
        {
          text: `Looking ${TITLE}`,
          tool_calls: [
            { name: "read_file", arguments: { path: "evil.txt" } },
            { name: "run_command", arguments: { command: "cat evil.txt" } },
            { name: "git_log", arguments: {} },
            { name: "list_files", arguments: {} },
          ],
        },
        { text: `The answer ${PAYLOAD} ends.` },
      ],
    });
    const run = await runCli(["-p", "look"], { cwd: ws, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: script } });
    expect(run.code).toBe(0);
    // Each carrier did reach the output, with its sequences taken out.
    expect(run.stderr).toContain("unknown setting");
    expect(run.stderr).toMatch(/cat evil\.txt/);
    expect(run.stderr).toContain("fix ");
    expect(run.stdout).toContain("The answer x");
    expect(run.stdout).toContain("y ends.");
    // A sequence that carries text keeps its text, drawn visibly: nothing the model wrote is hidden.
    expect(run.stdout).toContain("␛]0;PWNED␇");
    expect(run.stdout).toContain("␛]52;c;ZWNobyBwd25lZA==␇");
    expect(run.stderr).not.toMatch(CONTROL);
    expect(run.stdout.replace(/\n/g, "")).not.toMatch(CONTROL);
  });

  it("stream-json keeps the answer's characters, escaped", async () => {
    const box = makeSandbox();
    const script = box.script({ turns: [{ text: `The answer ${PAYLOAD} ends.` }] });
    const run = await runCli(["-p", "look", "--output-format", "stream-json"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: script } });
    expect(run.code).toBe(0);
    // JSON escapes every C0 character, ESC included (a C1 character stays, as JSON allows).
    expect(run.stdout.replace(/\n/g, "")).not.toMatch(/[\x00-\x1f]/);
    expect(run.stdout).toContain("\\u001b]52;c;");
  });
});
