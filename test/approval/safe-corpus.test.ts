// The safe corpus: everyday read-only inspection and the project's test commands run
// without a question. At most two may need confirmation.
import { describe, expect, it } from "vitest";
import { classifyCommand } from "../../src/engine/approval/command-policy.js";

const root = "/work/project";

const SAFE = [
  "ls", "ls -la", "ls -la src", "pwd", "cat package.json", "cat src/*.ts", "head -n 20 README.md", "tail -n 50 log.txt",
  "wc -l src/*.ts", "git status", "git status --short", "git diff", "git diff --stat HEAD~1", "git log --oneline -n 20",
  "git log -p -- src/a.ts", "git show HEAD", "git show HEAD:src/a.ts", "git branch", "git branch -a", "git rev-parse HEAD",
  "git ls-files | head", "git log --oneline | head -5", "git -C packages/core status", "rg TODO", 'rg -n "foo\\(" src',
  "grep -rn foo src", "grep -c x notes.txt | sort", "cat a.txt | grep x | sort | uniq -c", "npm test", "npm run test",
  "npm test -- --run", "npm run test:unit", "pnpm test", "yarn test", "cargo test", "go test ./...", "pytest -q",
  "echo hello", 'echo "$HOME"', "printf '%s\\n' a b", "which node", "command -v node", "find . -name '*.ts'",
  "find src -type f | wc -l", "du -sh src", "stat package.json", "diff a.txt b.txt", "ls 2>/dev/null", "cd src && ls",
  "date", "uname -a", "jq .name package.json", "sort notes.txt", "file README.md", "git diff HEAD -- src > /dev/null",
];

describe("safe commands", () => {
  it("has at least 40 entries", () => {
    expect(new Set(SAFE).size).toBeGreaterThanOrEqual(40);
  });

  it("allows them all, with at most two confirmations and no denial", () => {
    const verdicts = SAFE.map((command) => ({ command, ...classifyCommand(command, { root }) }));
    const notAllowed = verdicts.filter((verdict) => verdict.decision !== "allow");
    expect(verdicts.filter((verdict) => verdict.decision === "deny")).toEqual([]);
    expect(notAllowed.length, JSON.stringify(notAllowed, null, 2)).toBeLessThanOrEqual(2);
  });
});
