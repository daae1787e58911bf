// Ignore files end to end: a project not under git, with a .gitignore and a .agentignore in a
// folder below the root; the scripted model lists, globs and greps, and the results it got
// (in the session file) leave out exactly what those files ignore.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";

const FILES: Record<string, string> = {
  ".gitignore": "*.log\n",
  "app.ts": "needle\n",
  "debug.log": "needle\n",
  "docs/.agentignore": "drafts/\n",
  "docs/guide.md": "needle\n",
  "docs/drafts/wip.md": "needle\n",
  "other/drafts/d.md": "needle\n",
};

describe("ignore files in a project without git", () => {
  it("glob, grep and list_files honour the .gitignore and a folder's .agentignore", async () => {
    const box = makeSandbox();
    for (const [file, content] of Object.entries(FILES)) {
      mkdirSync(path.dirname(path.join(box.workspace, file)), { recursive: true });
      writeFileSync(path.join(box.workspace, file), content);
    }
    const script = {
      turns: [
        {
          tool_calls: [
            { name: "glob", arguments: { pattern: "**/*.{md,ts,log}" } },
            { name: "grep", arguments: { pattern: "needle" } },
            { name: "list_files", arguments: { path: "docs" } },
          ],
        },
        { text: "done" },
      ],
    };
    const result = await runCli(["-p", "look around", "--output-format", "json"], { cwd: box.workspace, env: { FAKE_LLM: box.script(script), MINI_AGENT_HOME: box.home } });
    expect(result.code, result.stderr).toBe(0);
    const results = eventLines(onlySessionFile(box.home)).filter((event) => event.type === "tool.result");
    const [globbed, grepped, listed] = results.map((event) => String(event.content));
    expect(globbed!.split("\n").sort()).toEqual(["app.ts", "docs/guide.md", "other/drafts/d.md"]);
    expect(grepped).toBe("app.ts:1: needle\ndocs/guide.md:1: needle\nother/drafts/d.md:1: needle");
    expect(listed).toBe("docs/\n.agentignore\nguide.md\n[1 ignored or protected entries not shown: drafts/]");
  });
});
