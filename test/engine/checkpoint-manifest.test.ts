// The manifest beside each checkpoint's tree (ADR 0036): its bytes read back to the same
// bits and paths, the same content always writes the same blob, and "known unsaved" covers a
// folder listed whole. The index reader agrees with git's own listing of the same index.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultFileMode, formatManifest, knownUnsaved, parseManifest } from "../../src/engine/checkpoint/checkpoint-manifest.js";
import { GITLINK, readIndexEntries } from "../../src/engine/checkpoint/git-index.js";

describe("checkpoint manifest", () => {
  it("reads back what it wrote, names with spaces and newlines included, in one order", () => {
    const modes = new Map([["z key", 0o600], ["bin/run\nme", 0o700], ["private/", 0o750], ["setuid", 0o4755]]);
    const unsaved = [".env", "build/", "weird/git~1", ".env"];
    const bytes = formatManifest({ modes, unsaved });
    const back = parseManifest(bytes);
    expect(back.modes).toEqual(modes);
    expect(back.unsaved).toEqual([".env", "build/", "weird/git~1"]);
    // Insertion order does not matter: an unchanged workspace writes the same blob.
    expect(formatManifest({ modes: new Map([...modes].reverse()), unsaved: [...unsaved].reverse() })).toEqual(bytes);
  });

  it("lists empty folders in version 2; a version-1 manifest knows none and says so", () => {
    const bytes = formatManifest({ modes: new Map(), unsaved: [], emptyFolders: ["logs/", "a/b/", "logs/"] });
    expect(bytes.toString("utf8").startsWith("mini-agent checkpoint manifest 2\n")).toBe(true);
    expect(parseManifest(bytes).emptyFolders).toEqual(["a/b/", "logs/"]);
    const old = parseManifest(Buffer.from("mini-agent checkpoint manifest 1\nm 0600 key\0u .env\0"));
    expect(old.emptyFolders).toBeUndefined();
    expect(old.modes.get("key")).toBe(0o600);
    expect(() => parseManifest(Buffer.from("mini-agent checkpoint manifest 1\ne logs/\0"))).toThrow(/bad manifest record/);
  });

  it("refuses bytes that are not a manifest, or a record it does not know", () => {
    expect(() => parseManifest(Buffer.from("tree 1234\n"))).toThrow(/unknown format/);
    expect(() => parseManifest(Buffer.from("mini-agent checkpoint manifest 1\nx what\0"))).toThrow(/bad manifest record/);
  });

  it("a file is known unsaved when it, or a folder it lies in, is listed", () => {
    const unsaved = new Set([".env", "build/", "deep/er/"]);
    expect(knownUnsaved(unsaved, ".env")).toBe(true);
    expect(knownUnsaved(unsaved, "build/out/x.o")).toBe(true);
    expect(knownUnsaved(unsaved, "deep/er/file")).toBe(true);
    expect(knownUnsaved(unsaved, "deep/file")).toBe(false);
    expect(knownUnsaved(unsaved, "build.o")).toBe(false);
    expect(knownUnsaved(unsaved, "src/.env")).toBe(false);
  });

  it("git's default bits follow its exec bit", () => {
    expect(defaultFileMode("100644")).toBe(0o644);
    expect(defaultFileMode("100755")).toBe(0o755);
    expect(defaultFileMode(0o100755)).toBe(0o755);
  });
});

describe("checkpoint index reader", () => {
  it.skipIf(process.platform === "win32")("lists what git ls-files lists: paths, modes, ctime and inode", () => {
    const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "checkpoint-index-")));
    const root = path.join(base, "ws");
    mkdirSync(path.join(root, "a", "b"), { recursive: true });
    writeFileSync(path.join(root, "plain.txt"), "x\n");
    writeFileSync(path.join(root, "tool.sh"), "#!/bin/sh\n", { mode: 0o755 });
    writeFileSync(path.join(root, "a", "b", `${"long-name-".repeat(20)}ü.txt`), "long\n");
    symlinkSync("plain.txt", path.join(root, "link"));
    const index = path.join(base, "index");
    const env = { PATH: process.env.PATH ?? "", HOME: base, GIT_DIR: path.join(base, "git"), GIT_INDEX_FILE: index, GIT_WORK_TREE: root };
    execFileSync("git", ["init", "-q", "--bare", env.GIT_DIR], { env: { PATH: env.PATH, HOME: base } });
    execFileSync("git", ["add", "-A"], { cwd: root, env });
    const debug = execFileSync("git", ["ls-files", "-s", "--debug", "-z"], { cwd: root, env, encoding: "utf8" });
    const fromGit = [...debug.matchAll(/(\d{6}) [0-9a-f]{40} 0\t([^\0]+)\0\s*ctime: (\d+):(\d+)\n\s*mtime: \d+:\d+\n\s*dev: \d+\tino: (\d+)/g)].map((match) => ({
      path: match[2],
      mode: Number.parseInt(match[1]!, 8),
      ctimeSec: Number(match[3]),
      ctimeNsec: Number(match[4]),
      ino: Number(match[5]),
    }));
    expect(fromGit).toHaveLength(4);
    expect(readIndexEntries(index)).toEqual(fromGit);
    expect(readIndexEntries(path.join(base, "no-index"))).toEqual([]);
    expect(GITLINK).toBe(0o160000);
  });
});
