// The safe corpus: everyday read-only inspection and, in the sandbox, the project's test
// commands run without a question. At most two may need confirmation.
import { describe, expect, it } from "vitest";
import { approvalWorkspace } from "../helpers/approval-workspace.js";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";

const root = approvalWorkspace();

const SAFE = [
  "ls", "ls -la", "ls -la src", "pwd", "cat package.json", "cat src/*.ts", "head -n 20 README.md", "tail -n 50 log.txt",
  "wc -l src/*.ts", "git status", "git status --short", "git diff", "git diff --stat HEAD~1", "git log --oneline -n 20",
  "git log -p -- src/a.ts", "git show HEAD", "git show HEAD:src/a.ts", "git branch", "git branch -a", "git rev-parse HEAD",
  "git ls-files | head", "git log --oneline | head -5", "rg TODO", 'rg -n "foo\\(" src',
  "grep -rn foo src", "grep -c x notes.txt | sort", "cat a.txt | grep x | sort | uniq -c", "npm test", "npm run test",
  "npm test -- --run", "npm run test:unit", "pnpm test", "yarn test", "cargo test", "go test ./...", "pytest -q",
  "echo hello", 'echo "$HOME"', "printf '%s\\n' a b", "which node", "command -v node", "find . -name '*.ts'",
  "find src -type f | wc -l", "du -sh src", "stat package.json", "diff a.txt b.txt", "ls 2>/dev/null", "cat src/a.ts src/b.ts", "cd src && ls", "cd src && cat a.ts ../README.md",
  "date", "uname -a", "jq .name package.json", "sort notes.txt", "file README.md", "git diff HEAD -- src > /dev/null",
  "LC_ALL=C sort notes.txt", "env LANG=C ls", "grep --line-number foo src/a.ts", "TZ=UTC date",
];

/**
 * Harmless in practice, but outside the allowlist by design (ADR 0009, ADR 0057): git after a
 * `cd`, or `git -C`, can meet a repository the model planted.
 */
const ASKED_BY_DESIGN = ["cd src && git status", "git -C packages/core status"];

describe("safe commands", () => {
  it("outside the sandbox the project's tests ask: they run the repository's own code", () => {
    for (const command of ["npm test", "npm run test:unit", "pnpm test", "yarn test", "cargo test", "go test ./...", "pytest -q"]) {
      const verdict = classifyCommand(command, { root });
      expect(verdict.decision, command).toBe("confirm");
      expect(verdict.reason, command).toContain("the project's own code: asked outside the sandbox");
    }
  });

  it("asks for the shapes the allowlist leaves out on purpose, and refuses none", () => {
    for (const command of ASKED_BY_DESIGN) expect(classifyCommand(command, { root }).decision, command).toBe("confirm");
  });

  it("has at least 40 entries", () => {
    expect(new Set(SAFE).size).toBeGreaterThanOrEqual(40);
  });

  it("allows them all, with at most two confirmations and no denial", () => {
    const verdicts = SAFE.map((command) => ({ command, ...classifyCommand(command, { root, sandbox: true }) }));
    const notAllowed = verdicts.filter((verdict) => verdict.decision !== "allow");
    expect(verdicts.filter((verdict) => verdict.decision === "deny")).toEqual([]);
    expect(notAllowed.length, JSON.stringify(notAllowed, null, 2)).toBeLessThanOrEqual(2);
  });
});
