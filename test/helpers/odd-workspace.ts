// A workspace git would not round-trip on its own (issue 21, item 5): odd permission bits,
// CRLF files under a `.gitattributes` that says `text eol=lf`, a filter, `ident`, a
// working-tree-encoding, a binary git is told is text, nested repositories (one with a commit,
// one without), ignored files, a symlink and a path git refuses. `describeTree` reads back every byte,
// type, permission bit and link target, so a round trip can be compared whole.
import { execFileSync } from "node:child_process";
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

export const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main", ...args], { cwd, encoding: "utf8", env: { PATH: process.env.PATH ?? "", HOME: cwd } });

/** Bytes no text conversion leaves alone: CR LF pairs, a lone CR, NULs, high bytes. */
export const BINARY = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x0d, 0x0a, 0xff, 0x0d, 0x00, 0x0a, 0x80]);

function put(root: string, file: string, content: string | Buffer, bits?: number): void {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  if (bits !== undefined) chmodSync(full, bits);
}

export function makeOddWorkspace(root: string): void {
  // Attributes that would change bytes on the way in and out, were they applied.
  put(root, ".gitattributes", "*.txt text eol=lf\n*.bin text eol=crlf\n*.id ident\n*.up filter=upper\n*.u16 working-tree-encoding=UTF-16\n");
  put(root, ".gitignore", ".env\nbuild/\n*.log\n");
  put(root, "crlf.txt", "first\r\nsecond\r\n");
  put(root, "mixed.txt", "lf\ncrlf\r\nlone cr\rend");
  put(root, "image.bin", BINARY);
  put(root, "version.id", "$Id$\nsource $Id: 0000000000000000000000000000000000000000 $\n");
  put(root, "shout.up", "lower case stays lower\n");
  put(root, "odd.u16", Buffer.from([0x61, 0x00, 0x62])); // not valid UTF-16: git could not convert it
  put(root, "secret.key", "key material\n", 0o600);
  put(root, "run.sh", "#!/bin/sh\necho run\n", 0o700);
  put(root, "group/shared.txt", "shared\n", 0o640);
  chmodSync(path.join(root, "group"), 0o750);
  symlinkSync("secret.key", path.join(root, "key-link"));
  // A name git refuses to hold (`git~1` is how Windows may name `.git`).
  put(root, "weird/git~1", "refused by git\n");
  // Ignored: never saved, never to be deleted by an undo.
  put(root, ".env", "TOKEN=user-secret\n", 0o600);
  put(root, "build/out.o", BINARY);
  // A nested repository with a commit, an uncommitted change and an untracked file.
  mkdirSync(path.join(root, "vendor/lib"), { recursive: true });
  git(path.join(root, "vendor/lib"), "init", "-q");
  put(root, "vendor/lib/lib.txt", "committed\r\n");
  git(path.join(root, "vendor/lib"), "add", ".");
  git(path.join(root, "vendor/lib"), "commit", "-qm", "lib");
  put(root, "vendor/lib/lib.txt", "committed\r\nuncommitted\r\n");
  put(root, "vendor/lib/untracked.txt", "untracked in the nested repository\n", 0o600);
  // A nested repository with no commit at all (git add refuses it outright).
  mkdirSync(path.join(root, "scratch"), { recursive: true });
  git(path.join(root, "scratch"), "init", "-q");
  put(root, "scratch/draft.md", "a draft\n");
  // The user's own repository, whose config names a filter our git must never run.
  git(root, "init", "-q");
  writeFileSync(path.join(root, ".git", "config"), `${readFileSync(path.join(root, ".git", "config"), "utf8")}[filter "upper"]\n\tclean = tr a-z A-Z\n\tsmudge = tr a-z A-Z\n\trequired = true\n`);
}

export interface Entry {
  type: "file" | "dir" | "link";
  bits: string;
  content?: string;
}

/** Every path under `root` (the user's .git included, `skip` not): type, bits, bytes (hex) or link target. */
export function describeTree(root: string, skip: readonly string[] = []): Record<string, Entry> {
  const out: Record<string, Entry> = {};
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(root, rel)).sort()) {
      const file = rel ? `${rel}/${name}` : name;
      if (skip.includes(file)) continue;
      const full = path.join(root, file);
      const stat = lstatSync(full);
      const bits = (stat.mode & 0o7777).toString(8).padStart(4, "0");
      if (stat.isSymbolicLink()) out[file] = { type: "link", bits: "", content: readlinkSync(full) };
      else if (stat.isDirectory()) {
        out[`${file}/`] = { type: "dir", bits };
        walk(file);
      } else out[file] = { type: "file", bits, content: readFileSync(full).toString("hex") };
    }
  };
  walk("");
  return out;
}
