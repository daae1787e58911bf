// A checkpoint restores exactly what it saved (issue 21, item 5; ADR 0036): bytes with no
// attribute conversion, permission bits git cannot hold, nested repositories as files, and
// an undo never deletes what the checkpoint knew was there but did not save (ignored then).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createCheckpointStore } from "../../src/engine/checkpoint/checkpoint-store.js";
import { describeTree, git, makeOddWorkspace } from "../helpers/odd-workspace.js";

const posix = process.platform !== "win32";

function workspace() {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "checkpoint-exact-")));
  const root = path.join(base, "ws");
  mkdirSync(root);
  const store = createCheckpointStore({ root, dir: path.join(base, "checkpoints") });
  const inStore = (...args: string[]) => git(root, "--git-dir", path.join(base, "checkpoints", "git"), ...args);
  return { root, store, inStore };
}

const write = (root: string, file: string, content: string | Buffer) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
};

describe("a checkpoint restores what it saved", () => {
  it.skipIf(!posix)("bytes, bits, a symlink and nested repositories come back identical after a turn that changed them all", async () => {
    const { root, store, inStore } = workspace();
    makeOddWorkspace(root);
    const before = describeTree(root);
    const checkpoint = await store.snapshot("before turn t1");
    // The refused name is said; everything else is in the checkpoint, the nested repositories as files.
    expect(checkpoint.failed).toEqual([{ path: "weird/git~1", reason: expect.stringContaining("invalid path") }]);
    const saved = inStore("ls-tree", "-r", "--name-only", checkpoint.tree).trim().split("\n");
    expect(saved).toEqual(expect.arrayContaining(["crlf.txt", "odd.u16", "vendor/lib/lib.txt", "vendor/lib/untracked.txt", "scratch/draft.md", "key-link"]));
    expect(saved.filter((name) => name.includes(".git/") || name === ".env" || name.startsWith("build/"))).toEqual([]);
    expect(inStore("ls-tree", "-r", checkpoint.tree).includes("160000")).toBe(false);
    // Stored as the bytes on disk: no CRLF normalised, no $Id$ collapsed.
    expect(inStore("cat-file", "-p", `${checkpoint.tree}:crlf.txt`)).toBe("first\r\nsecond\r\n");
    expect(inStore("cat-file", "-p", `${checkpoint.tree}:version.id`)).toBe(readFileSync(path.join(root, "version.id"), "utf8"));

    // The turn: bits, bytes, deletions, a nested repository's files, a new .gitignore.
    chmodSync(path.join(root, "secret.key"), 0o644);
    chmodSync(path.join(root, "group"), 0o755);
    chmodSync(path.join(root, "group/shared.txt"), 0o664);
    write(root, "crlf.txt", "first\nsecond\n");
    write(root, "image.bin", "now text\n");
    write(root, "version.id", "$Id: expanded $\n");
    unlinkSync(path.join(root, "run.sh"));
    unlinkSync(path.join(root, "key-link"));
    symlinkSync("run.sh", path.join(root, "key-link"));
    write(root, "vendor/lib/lib.txt", "rewritten\n");
    unlinkSync(path.join(root, "vendor/lib/untracked.txt"));
    rmSync(path.join(root, "scratch/draft.md"));
    write(root, ".gitignore", "# nothing ignored any more\n");
    write(root, "debug.log", "made by the turn\n");
    write(root, "made/by/turn.txt", "new\n");
    const current = await store.snapshot("before undo");

    const plan = await store.restore(current.commit, checkpoint.commit);
    // .env and build/ were there, ignored, when the checkpoint was taken: kept, not deleted.
    expect(plan.kept.sort()).toEqual([".env", "build/out.o"]);
    expect(plan.changes.map((change) => `${change.status} ${change.path}`)).toEqual(expect.arrayContaining(["M secret.key", "M group/", "D debug.log", "D made/by/turn.txt", "A run.sh", "A scratch/draft.md"]));
    expect(describeTree(root)).toEqual(before);
    // Nothing left to do: the workspace is the checkpoint, bits and all.
    const again = await store.snapshot("after undo");
    expect(store.same(again.commit, checkpoint.commit)).toBe(true);
    expect((await store.changes(again.commit, checkpoint.commit)).changes).toEqual([]);
  });

  it.skipIf(!posix)("a change of bits alone is a change, and is undone", async () => {
    const { root, store } = workspace();
    write(root, "id_ed25519", "private\n");
    chmodSync(path.join(root, "id_ed25519"), 0o600);
    write(root, "tool", "#!/bin/sh\n");
    chmodSync(path.join(root, "tool"), 0o755);
    const checkpoint = await store.snapshot("before");
    chmodSync(path.join(root, "id_ed25519"), 0o644);
    chmodSync(path.join(root, "tool"), 0o750);
    const current = await store.snapshot("now");
    expect(current.tree).toBe(checkpoint.tree); // git's trees cannot tell
    expect(store.same(current.commit, checkpoint.commit)).toBe(false);
    const plan = await store.restore(current.commit, checkpoint.commit);
    expect([...plan.changes].sort((a, b) => (a.path < b.path ? -1 : 1))).toEqual([
      { status: "M", path: "id_ed25519", write: false, bits: 0o600 },
      { status: "M", path: "tool", write: false, bits: 0o755 },
    ]);
    expect((await import("node:fs")).statSync(path.join(root, "id_ed25519")).mode & 0o7777).toBe(0o600);
    expect((await import("node:fs")).statSync(path.join(root, "tool")).mode & 0o7777).toBe(0o755);
  });

  it("a file made in a folder that was ignored then is kept; one made where nothing was is deleted", async () => {
    const { root, store } = workspace();
    write(root, ".gitignore", "build/\n*.log\n");
    write(root, "build/old.o", "old\n");
    write(root, "src/main.c", "int main;\n");
    const checkpoint = await store.snapshot("before");
    write(root, ".gitignore", "");
    write(root, "build/new.o", "made by the turn\n");
    write(root, "trace.log", "made by the turn\n");
    const current = await store.snapshot("now");
    const plan = await store.restore(current.commit, checkpoint.commit);
    expect(plan.kept.sort()).toEqual(["build/new.o", "build/old.o"]);
    expect(plan.changes.map((change) => `${change.status} ${change.path}`).sort()).toEqual(["D trace.log", "M .gitignore"]);
    expect(readFileSync(path.join(root, "build/old.o"), "utf8")).toBe("old\n");
    expect(readFileSync(path.join(root, ".gitignore"), "utf8")).toBe("build/\n*.log\n");
  });

  it.skipIf(!posix)("siblings (issue 21, class 5): links, swaps of kind, bits, a large binary and unusual names", async () => {
    const { root, store } = workspace();
    const { randomBytes } = await import("node:crypto");
    write(root, "docs/readme.md", "docs\n");
    symlinkSync("docs", path.join(root, "docs-link"));
    symlinkSync("missing/target", path.join(root, "dangling"));
    mkdirSync(path.join(root, "empty/inner"), { recursive: true });
    mkdirSync(path.join(root, "locked-empty"), { mode: 0o700 });
    chmodSync(path.join(root, "locked-empty"), 0o700);
    write(root, "was-file", "a file\n");
    write(root, "was-dir/child.txt", "child\n");
    write(root, "bin/tool", "#!/bin/sh\necho hi\n");
    chmodSync(path.join(root, "bin/tool"), 0o750);
    write(root, "big.bin", randomBytes(3 * 1024 * 1024 + 7));
    for (const name of ["café.txt", "cafe\u0301-nfd.txt", "emoji 🚀 name.txt", "-dash-first", "tab\there", "ünïcödé/ordner/datei.txt"]) write(root, name, `${name}\n`);
    // Empty folders too, though git keeps none (ADR 0052).
    const before = describeTree(root);
    const checkpoint = await store.snapshot("before");
    expect(checkpoint.failed ?? []).toEqual([]);

    // The turn: every one of them changed in kind, content, bits or presence.
    rmSync(path.join(root, "docs-link"));
    write(root, "docs-link", "now a file\n");
    rmSync(path.join(root, "dangling"));
    rmSync(path.join(root, "empty"), { recursive: true });
    rmSync(path.join(root, "locked-empty"), { recursive: true });
    write(root, "locked-empty", "a file where the empty folder was\n");
    rmSync(path.join(root, "was-file"));
    write(root, "was-file/now-inside.txt", "dir now\n");
    rmSync(path.join(root, "was-dir"), { recursive: true });
    write(root, "was-dir", "file now\n");
    chmodSync(path.join(root, "bin/tool"), 0o644);
    const big = readFileSync(path.join(root, "big.bin"));
    for (const at of [big.length - 1, 1024 * 1024]) big.writeUInt8(big.readUInt8(at) ^ 0xff, at);
    writeFileSync(path.join(root, "big.bin"), big);
    for (const name of ["café.txt", "emoji 🚀 name.txt", "tab\there"]) rmSync(path.join(root, name));
    write(root, "cafe\u0301-nfd.txt", "changed\n");
    write(root, "ünïcödé/ordner/datei.txt", "changed\n");
    const current = await store.snapshot("now");
    await store.restore(current.commit, checkpoint.commit);
    expect(describeTree(root)).toEqual(before);
  });

  it.skipIf(!posix)("empty folders: the ones a turn removed come back with their bits, the ones it made go, ignored ones are not walked", async () => {
    const { root, store } = workspace();
    write(root, ".gitignore", "*.log\nbuild/\n");
    write(root, "src/main.c", "int main;\n");
    mkdirSync(path.join(root, "logs/archive/2026"), { recursive: true });
    mkdirSync(path.join(root, "src/generated"));
    mkdirSync(path.join(root, "private"));
    chmodSync(path.join(root, "private"), 0o750);
    write(root, "cache/run.log", "ignored\n");
    mkdirSync(path.join(root, "build/objects/deep"), { recursive: true });
    const before = describeTree(root);
    const checkpoint = await store.snapshot("before");
    expect(checkpoint.failed).toEqual([]);

    // The turn: empty folders removed, made, emptied; a file made where an empty folder was kept.
    for (const folder of ["logs", "src/generated", "private"]) rmSync(path.join(root, folder), { recursive: true });
    mkdirSync(path.join(root, "made/by/turn"), { recursive: true });
    mkdirSync(path.join(root, "src/new-empty"));
    write(root, "added/file.txt", "made\n");
    const current = await store.snapshot("now");
    expect(store.same(current.commit, checkpoint.commit)).toBe(false);
    const plan = await store.restore(current.commit, checkpoint.commit);
    expect(plan.changes.map((change) => `${change.status} ${change.path}`).sort()).toEqual([
      "A logs/",
      "A logs/archive/",
      "A logs/archive/2026/",
      "A private/",
      "A src/generated/",
      "D added/file.txt",
      "D made/",
      "D made/by/",
      "D made/by/turn/",
      "D src/new-empty/",
    ]);
    expect(describeTree(root)).toEqual(before);
    // The ignored folder's inside was never walked or listed; it is still there, untouched.
    expect(describeTree(root)["build/objects/deep/"]).toBeDefined();
    const again = await store.snapshot("after undo");
    expect(store.same(again.commit, checkpoint.commit)).toBe(true);
    expect((await store.changes(again.commit, checkpoint.commit)).changes).toEqual([]);
  });

  it.skipIf(!posix)("an empty folder is made again only through real folders, never through a symlink a turn put in its parent's place", async () => {
    const { root, store } = workspace();
    const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), "checkpoint-outside-")));
    mkdirSync(path.join(root, "parent/empty"), { recursive: true });
    const checkpoint = await store.snapshot("before");
    rmSync(path.join(root, "parent"), { recursive: true });
    symlinkSync(outside, path.join(root, "parent"));
    const current = await store.snapshot("now");
    await store.restore(current.commit, checkpoint.commit);
    expect(existsSync(path.join(outside, "empty"))).toBe(false);
  });
});
