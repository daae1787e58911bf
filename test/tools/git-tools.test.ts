import { execFileSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createGitTools } from "../../src/engine/tools/git-tools.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { makeTree, run, runError, tempDir } from "./tree.js";

function repo() {
  const root = makeTree({ "a.txt": "one\n", "b.txt": "bee\n", ".env": "TOKEN=old\n" });
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" });
  git("init", "-q", "-b", "main");
  git("config", "user.email", "t@example.com");
  git("config", "user.name", "Tester");
  git("add", "-A");
  git("commit", "-q", "-m", "first commit");
  writeFileSync(path.join(root, "a.txt"), "one\ntwo\n");
  git("commit", "-q", "-am", "second commit");
  const [status, diff, log] = createGitTools({ jail: createJail(root, { home: tempDir() }) });
  return { root, git, status: status!, diff: diff!, log: log! };
}

describe("git tools", () => {
  it("git_status shows branch and changes", async () => {
    const { root, status } = repo();
    expect((await run(status, {})).content).toBe("## main");
    writeFileSync(path.join(root, "b.txt"), "changed\n");
    writeFileSync(path.join(root, "new.txt"), "n\n");
    expect((await run(status, {})).content).toBe("## main\n M b.txt\n?? new.txt");
  });

  it("git_diff shows unstaged, staged and base diffs, limited to paths, never secrets", async () => {
    const { root, git, diff } = repo();
    expect((await run(diff, {})).content).toBe("(no changes)");
    writeFileSync(path.join(root, "b.txt"), "changed\n");
    writeFileSync(path.join(root, ".env"), "TOKEN=new-secret\n");
    const unstaged = (await run(diff, {})).content;
    expect(unstaged).toContain("-bee\n+changed");
    expect(unstaged).not.toContain("secret");
    git("add", "b.txt");
    expect((await run(diff, { staged: true })).content).toContain("+changed");
    expect((await run(diff, { base: "HEAD~1", paths: ["a.txt"] })).content).toContain("+two");
    expect((await run(diff, { base: "HEAD~1", paths: ["b.txt"] })).content).toContain("+changed");
  });

  it("git_diff leaves out every file the jail refuses, in any case, renamed, binary or newly committed", async () => {
    const { root, git, diff } = repo();
    const secrets: Record<string, string> = {
      ".envrc": "export X=1\n", ".my.cnf": "[client]\n", "my-service-account.json": "{}\n", ".ENV": "a\n",
      "conf/_netrc": "machine x\n", ".envrc~": "old\n", "keys/ID_RSA": "k\n", "client_secret_1.json": "{}\n",
    };
    for (const [name, content] of Object.entries(secrets)) {
      execFileSync("mkdir", ["-p", path.dirname(path.join(root, name))]);
      writeFileSync(path.join(root, name), content);
    }
    writeFileSync(path.join(root, "blob.bin"), Buffer.from([0, 1, 2, 3]));
    git("add", "-A");
    git("commit", "-q", "-m", "secrets");
    for (const name of Object.keys(secrets)) writeFileSync(path.join(root, name), `leaked-value-${name}\n`);
    git("mv", "blob.bin", "id_ed25519");
    writeFileSync(path.join(root, "b.txt"), "visible change\n");
    git("mv", "a.txt", ".env.production");
    const outputs = [
      (await run(diff, {})).content,
      (await run(diff, { staged: true })).content,
      (await run(diff, { base: "HEAD~2" })).content,
      (await run(diff, { base: "HEAD~1" })).content,
    ];
    for (const out of outputs) {
      expect(out).not.toMatch(/leaked-value|export X|\[client\]|machine x|TOKEN/);
      expect(out).not.toMatch(/^diff --git .*(envrc|cnf|account|ENV|netrc|ID_RSA|client_secret|id_ed25519|\.env)/im);
    }
    expect(outputs[0]).toContain("+visible change");
    expect(outputs[0]).toContain('".envrc"');
    expect(outputs[1]).toContain('"id_ed25519"');
    expect(outputs[1]).toContain('".env.production"');
  });

  it("git_log lists commits newest first, for a revision or path", async () => {
    const { log } = repo();
    const lines = (await run(log, {})).content.split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^[0-9a-f]{7,} \d{4}-\d\d-\d\d Tester: second commit$/);
    expect((await run(log, { limit: 1, revision: "HEAD~1" })).content).toMatch(/first commit$/);
    expect((await run(log, { paths: ["b.txt"] })).content).toMatch(/^\S+ \S+ Tester: first commit$/);
  });

  it("refuses option injection, shell syntax and escaping paths", async () => {
    const { root, diff, log } = repo();
    const marker = path.join(root, "pwned");
    expect(await runError(diff, { base: "--output=/tmp/x" })).toMatch(/not a valid revision/);
    expect(await runError(log, { revision: "HEAD; touch pwned" })).toMatch(/not a valid revision/);
    expect(await runError(log, { revision: "$(touch pwned)" })).toMatch(/not a valid revision/);
    expect(await runError(diff, { paths: ["../outside"] })).toMatch(/outside/);
    // A path that looks like an option is only ever a path (it follows "--").
    expect((await run(log, { paths: ["--all"] })).content).toBe("(no commits)");
    expect(existsSync(marker)).toBe(false);
  });

  it("reports a workspace that is not a repository", async () => {
    const root = makeTree({ "a.txt": "" });
    const [status] = createGitTools({ jail: createJail(root, { home: tempDir() }) });
    expect(await runError(status!, {})).toMatch(/git status failed: .*not a git repository/i);
  });
});
