// The checkpoint store writes its commit objects itself (one git process fewer per
// checkpoint): they must be byte for byte what `git commit-tree` writes, and read back by git.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createCheckpointStore, writeCommit, type RestorePlan } from "../../src/engine/checkpoint/checkpoint-store.js";

const listed = (plan: RestorePlan) => plan.changes.map(({ status, path }) => ({ status, path }));

function store() {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "checkpoint-store-")));
  const root = path.join(base, "ws");
  const dir = path.join(base, "checkpoints");
  mkdirSync(root);
  const env = { PATH: process.env.PATH ?? "", HOME: base, GIT_DIR: path.join(dir, "git"), GIT_INDEX_FILE: path.join(dir, "index"), GIT_WORK_TREE: root };
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, env, encoding: "utf8" }).trim();
  return { root, dir, gitDir: env.GIT_DIR, git, env };
}

describe("checkpoint commits", () => {
  it("are the objects git commit-tree makes, and git reads them", async () => {
    const { root, dir, gitDir, git, env } = store();
    writeFileSync(path.join(root, "a.txt"), "a\n");
    const checkpoints = createCheckpointStore({ root, dir });
    const snapshot = await checkpoints.snapshot("before turn t1");
    expect(git("cat-file", "-t", snapshot.commit)).toBe("commit");
    expect(git("rev-parse", `${snapshot.commit}^{tree}`)).toBe(snapshot.tree);
    expect(git("log", "--format=%s|%an|%ae", "-1", snapshot.commit)).toBe("before turn t1|mini-agent|mini-agent@localhost");
    expect(git("ls-tree", "--name-only", snapshot.commit)).toBe("a.txt");

    const when = new Date("2026-01-02T03:04:05Z");
    const ours = writeCommit(gitDir, snapshot.tree, "a message\nwith two lines", when);
    const date = `${when.getTime() / 1000} +0000`;
    const theirs = execFileSync("git", ["commit-tree", snapshot.tree, "-m", "a message\nwith two lines"], {
      cwd: root,
      encoding: "utf8",
      env: { ...env, GIT_AUTHOR_NAME: "mini-agent", GIT_AUTHOR_EMAIL: "mini-agent@localhost", GIT_COMMITTER_NAME: "mini-agent", GIT_COMMITTER_EMAIL: "mini-agent@localhost", GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
    }).trim();
    expect(ours).toBe(theirs);
    expect(git("fsck", "--no-dangling", "--no-progress")).toBe("");
    // Written once: the same commit again leaves the stored object as it was.
    const file = path.join(gitDir, "objects", ours.slice(0, 2), ours.slice(2));
    const before = readFileSync(file);
    expect(writeCommit(gitDir, snapshot.tree, "a message\nwith two lines", when)).toBe(ours);
    expect(readFileSync(file)).toEqual(before);
  });

  it("an empty workspace is git's empty tree, written without git, and undo goes back to it", async () => {
    const { root, dir, gitDir, git, env } = store();
    const checkpoints = createCheckpointStore({ root, dir });
    const empty = await checkpoints.snapshot("before turn t1");
    // No `git add` ran: it would have made the private index.
    expect(existsSync(path.join(dir, "index"))).toBe(false);
    expect(empty.files).toBe(0);
    const gitsEmptyTree = execFileSync("git", ["write-tree"], { cwd: root, encoding: "utf8", env: { ...env, GIT_INDEX_FILE: path.join(dir, "other-index") } }).trim();
    expect(empty.tree).toBe(gitsEmptyTree);
    expect(existsSync(path.join(gitDir, "objects", empty.tree.slice(0, 2), empty.tree.slice(2)))).toBe(true);
    expect(git("cat-file", "-t", empty.tree)).toBe("tree");
    expect(git("rev-parse", `${empty.commit}^{tree}`)).toBe(empty.tree);

    // The turn writes; undo restores the empty folder.
    mkdirSync(path.join(root, "demo"));
    writeFileSync(path.join(root, "demo", "notes.md"), "notes\n");
    const after = await checkpoints.snapshot("current");
    expect(after.files).toBe(1);
    expect(listed(await checkpoints.restore(after.commit, empty.commit))).toEqual([{ status: "D", path: "demo/notes.md" }]);
    expect(existsSync(path.join(root, "demo", "notes.md"))).toBe(false);
    // The folder the turn made is gone too: it was born after the checkpoint.
    expect(existsSync(path.join(root, "demo"))).toBe(false);

    // Emptied again with the index still listing the file: the next snapshot with files is right.
    rmSync(path.join(root, "demo"), { recursive: true, force: true });
    expect((await checkpoints.snapshot("empty again")).tree).toBe(empty.tree);
    writeFileSync(path.join(root, "b.txt"), "b\n");
    const withB = await checkpoints.snapshot("with b");
    expect(git("ls-tree", "--name-only", withB.commit)).toBe("b.txt");
    expect(listed(await checkpoints.restore(withB.commit, after.commit))).toEqual([
      { status: "D", path: "b.txt" },
      { status: "A", path: "demo/notes.md" },
    ]);
    expect(readFileSync(path.join(root, "demo", "notes.md"), "utf8")).toBe("notes\n");
    expect(git("fsck", "--no-dangling", "--no-progress")).toBe("");
  });

  it("refuses a tree name that is not one", () => {
    const { gitDir } = store();
    expect(() => writeCommit(gitDir, "fatal: not a tree", "m")).toThrow(/write-tree gave/);
  });
});
