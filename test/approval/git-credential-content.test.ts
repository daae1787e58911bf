// git commands the allowlist would let run unasked that print contents of files no word names:
// `git diff` (a tracked .envrc's new lines), `git log -p` / `git show` (a .env committed once and
// removed since). They ask when the index or the history holds a file the jail refuses, and stay
// unasked in a repository without one. Real git, real repositories.
import { execFileSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { gitContentReach } from "../../src/engine/approval/allowlist/git-content.js";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { literalWord } from "../../src/engine/approval/allowlist/strict-judging.js";

function repo(files: Record<string, string>): { root: string; git: (...args: string[]) => string } {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "mini-agent-gitcred-")));
  const git = (...args: string[]) => execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=T", ...args], { cwd: root, encoding: "utf8" });
  git("init", "-q", "-b", "main");
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(root, name), content);
  git("add", "-A");
  git("commit", "-q", "-m", "first");
  return { root, git };
}

const CONTENT = ["git diff", "git diff --cached", "git log -p", "git show HEAD", "git status -v", "git cat-file -p HEAD", "git log -p -- a.txt"];
const verdict = (root: string, command: string) => classifyCommand(command, { root, jail: createJail(root, { home: mkdtempSync(path.join(os.tmpdir(), "h-")) }) });

describe("git commands that print contents, with credential files in the repository", () => {
  it("a tracked .envrc (any case, any credential name): the content-printing forms ask, names-only forms do not", () => {
    for (const name of [".envrc", ".MY.CNF", "svc-service_account.json"]) {
      const { root } = repo({ "a.txt": "a\n", [name]: "export X=corp-secret\n" });
      writeFileSync(path.join(root, name), "export X=changed-secret\n");
      // What the command would have printed unasked.
      expect(execFileSync("git", ["diff"], { cwd: root, encoding: "utf8" })).toContain("changed-secret");
      for (const command of CONTENT) {
        const result = verdict(root, command);
        expect(result.decision, `${name}: ${command}`).toBe("confirm");
        expect(result.reason).toContain(JSON.stringify(name));
      }
      for (const command of ["git diff --stat", "git log --oneline", "git status", "git log --name-only"]) {
        expect(verdict(root, command).decision, `${name}: ${command}`).toBe("allow");
      }
    }
  });

  it("a .env committed once and removed since: history-reading forms ask, a tree diff does not", () => {
    const { root, git } = repo({ "a.txt": "a\n", ".env": "TOKEN=old-secret\n" });
    git("rm", "-q", ".env");
    git("commit", "-q", "-m", "remove it");
    expect(execFileSync("git", ["log", "-p"], { cwd: root, encoding: "utf8" })).toContain("old-secret");
    for (const command of ["git log -p", "git show HEAD", "git diff HEAD~1", "git cat-file -p HEAD~1:a.txt", "git diff-tree -p HEAD", "git diff-index -p HEAD~1"]) {
      expect(verdict(root, command).decision, command).toBe("confirm");
    }
    expect(verdict(root, "git diff").decision).toBe("allow");
  });

  it("a repository without one: the same commands run unasked", () => {
    const { root } = repo({ "a.txt": "a\n", ".env.example": "TOKEN=\n" });
    writeFileSync(path.join(root, "a.txt"), "b\n");
    for (const command of CONTENT) expect(verdict(root, command).decision, command).toBe("allow");
    rmSync(root, { recursive: true, force: true });
  });
});

describe("gitContentReach", () => {
  const reach = (line: string) => gitContentReach(line.split(" ").slice(1).map(literalWord));
  it("says which commands print contents, and from where", () => {
    expect(reach("git diff")).toBe("index");
    expect(reach("git diff --stat")).toBe("none");
    expect(reach("git diff --stat -p")).toBe("index");
    expect(reach("git diff --staged")).toBe("history");
    expect(reach("git diff HEAD -- src")).toBe("history");
    expect(reach("git log --oneline")).toBe("none");
    expect(reach("git log -5p")).toBe("history");
    expect(reach("git log -U1")).toBe("history");
    expect(reach("git show --stat HEAD")).toBe("history");
    expect(reach("git stash show")).toBe("none");
    expect(reach("git stash show -p")).toBe("history");
    expect(reach("git status -sb")).toBe("none");
    expect(reach("git diff-tree -r --name-only HEAD")).toBe("none");
    expect(reach("git diff-tree -p HEAD")).toBe("history");
    expect(reach("git diff-index --cached HEAD")).toBe("none");
    expect(reach("git diff-index -U0 HEAD")).toBe("history");
    expect(reach("git status -v")).toBe("history");
    expect(reach("git cat-file -t HEAD")).toBe("none");
    expect(reach("git cat-file blob abc")).toBe("history");
    expect(reach("git grep x")).toBe("none");
    expect(reach("git grep x HEAD~2")).toBe("history");
    expect(reach("git grep -e x HEAD")).toBe("history");
    expect(reach("git grep --cached x")).toBe("index");
  });
});
