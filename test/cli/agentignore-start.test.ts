// `.agentignore` holds whatever folder a search starts in: grep, glob and list_files given the
// ignored folder itself (`path: "secret-dir"`), a folder or a file below it, once saw all of it,
// since ripgrep never tests a path given by name and the walker dropped the lines that ignored
// its start. The rules are judged on the path from the workspace root now, with ripgrep and
// with the built-in search; include_ignored still lifts them.
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";
import { systemTools } from "../helpers/system-tools.js";

const MARK = "hidden-marker-42";

function results(home: string): string[] {
  return eventLines(onlySessionFile(home)).filter((event) => event.type === "tool.result").map((event) => String(event.content));
}

/** A PATH with node and git but no rg: the built-in search answers. */
function pathWithoutRg(): string {
  const bin = mkdtempSync(path.join(os.tmpdir(), "no-rg-"));
  for (const tool of ["git"]) {
    const found = (process.env.PATH ?? "").split(path.delimiter).map((dir) => path.join(dir, tool)).find((file) => {
      try {
        return readFileSync(file).length > 0;
      } catch {
        return false;
      }
    });
    if (found) symlinkSync(found, path.join(bin, tool));
  }
  return bin;
}

describe.each([
  { backend: "ripgrep", env: {} as Record<string, string>, skip: !systemTools().ripgrep.available },
  { backend: "the built-in search", env: { PATH: pathWithoutRg() }, skip: false },
])("a search started inside what .agentignore hides ($backend)", ({ env, skip }) => {
  it.skipIf(skip || process.platform === "win32")("finds and lists nothing there, from the folder, below it or at a file; include_ignored lifts it", async () => {
    const box = makeSandbox();
    const ws = box.workspace;
    writeFileSync(path.join(ws, ".agentignore"), "secret-dir/\n");
    mkdirSync(path.join(ws, "secret-dir", "sub"), { recursive: true });
    writeFileSync(path.join(ws, "secret-dir", "a.txt"), `${MARK} top\n`);
    writeFileSync(path.join(ws, "secret-dir", "sub", "b.txt"), `${MARK} deep\n`);
    mkdirSync(path.join(ws, "docs", "private"), { recursive: true });
    writeFileSync(path.join(ws, "docs", ".agentignore"), "private/\n");
    writeFileSync(path.join(ws, "docs", "private", "c.txt"), `${MARK} nested\n`);
    const calls = [
      { name: "grep", arguments: { pattern: MARK, path: "secret-dir" } },
      { name: "grep", arguments: { pattern: MARK, path: "secret-dir/sub" } },
      { name: "grep", arguments: { pattern: MARK, path: "secret-dir/a.txt" } },
      { name: "grep", arguments: { pattern: MARK, path: "docs/private" } },
      { name: "list_files", arguments: { path: "secret-dir" } },
      { name: "glob", arguments: { pattern: "*.txt", path: "secret-dir" } },
      { name: "glob", arguments: { pattern: "*.txt", path: "docs/private" } },
      { name: "grep", arguments: { pattern: MARK, path: "secret-dir", include_ignored: true } },
    ];
    const script = box.script({ turns: [{ tool_calls: calls }, { text: "done" }] });
    const run = await runCli(["-p", "look"], { cwd: ws, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home, ...env } });
    expect(run.code, run.stderr).toBe(0);
    const seen = results(box.home);
    expect(seen).toHaveLength(calls.length);
    seen.slice(0, -1).forEach((content, index) => {
      // The one answer: the path as asked, hidden; nothing found in it, no name below it.
      expect(content).toBe(`${calls[index]!.arguments.path} is hidden by .agentignore, so nothing in it is searched or listed (include_ignored lifts ignore files).`);
    });
    expect(seen.at(-1)).toContain(`a.txt:1: ${MARK} top`);
    expect(seen.at(-1)).toContain(`b.txt:1: ${MARK} deep`);
  });
});
