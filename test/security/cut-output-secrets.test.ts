// mini-agent's own truncation (a tool result's 30,000-character cap, read_file's cut of a line
// too long to show) never keeps part of a secret: the redactor matches a value whole, so the
// first half of one left before a cut would be stored and sent as it stands.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";

const PASSWORD = "Zq7xW2pLmN4vRt8sKy3";

describe("a cut through a secret", () => {
  it("keeps no part of it in the session file or the model's request", async () => {
    const box = makeSandbox();
    const lines = (pad: string) => `${pad}\n${`${PASSWORD}\n`.repeat(2500)}`;
    // Lines of 20 characters, the second file shifted by 10: one of the two caps falls inside
    // a password with at least 4 of its characters before the cut, wherever the result's header ends.
    writeFileSync(path.join(box.workspace, "a.txt"), lines("a"));
    writeFileSync(path.join(box.workspace, "b.txt"), lines("b".repeat(11)));
    // A long line whose display cut (2,000 characters) falls inside the password, and one where
    // the password sits inside a longer run with no space (minified JSON).
    writeFileSync(path.join(box.workspace, "long.txt"), `${"x ".repeat(995)}${PASSWORD} and more\n${"y".repeat(1985)},"pw":"${PASSWORD}"\n`);
    const record = path.join(box.home, "requests.jsonl");
    const script = box.script({
      turns: [
        {
          tool_calls: [
            { name: "run_command", arguments: { command: "cat a.txt" } },
            { name: "run_command", arguments: { command: "cat b.txt" } },
            { name: "read_file", arguments: { path: "long.txt" } },
          ],
        },
        { text: "done" },
      ],
    });
    const run = await runCli(["-p", "read them", "--yes", "--output-format", "stream-json"], {
      cwd: box.workspace,
      env: { MINI_AGENT_HOME: box.home, FAKE_LLM: script, FAKE_LLM_RECORD: record, DEPLOY_PASSWORD: PASSWORD },
    });
    expect(run.code, run.stderr).toBe(0);
    const results = eventLines(onlySessionFile(box.home)).filter((event) => event.type === "tool.result");
    expect(results).toHaveLength(3);
    const contents = results.map((event) => String(event.content));
    expect(contents[0]).toMatch(/output cut/);
    expect(contents[2]).toMatch(/line cut/);
    // Whatever was kept holds the password only as [redacted]: no head or tail of it survives.
    const rest = (text: string) => text.replaceAll("[redacted]", "");
    for (const text of [...contents, run.stdout]) {
      expect(rest(text)).not.toMatch(/Zq7x|W2pL|Rt8s|sKy3/);
    }
    expect(rest(readFileSync(record, "utf8"))).not.toMatch(/Zq7x|W2pL|Rt8s|sKy3/);
  });
});
