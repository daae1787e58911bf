// Snapshots of the workspace in a private git object store inside the session folder (ADR
// 0011): its own GIT_DIR and GIT_INDEX_FILE, never the user's .git, so a snapshot touches no
// branch, index or stash of theirs. The private index keeps each file's stat data, so the
// next snapshot re-hashes only files that changed: unchanged files cost a stat.
import { childProcess, zlib } from "../heap-policy.js";
import { createHash } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isInside } from "../tools/jail-symlinks.js";

export interface Snapshot {
  commit: string;
  tree: string;
  /** Files in the snapshot. */
  files: number;
}

export interface FileChange {
  /** A: the file will be created, M: rewritten, D: deleted. */
  status: "A" | "M" | "D";
  path: string;
}

export interface CheckpointStore {
  snapshot(message: string): Promise<Snapshot>;
  /** What restoring `target` would do to a workspace whose state is `current`. */
  changes(current: string, target: string): Promise<FileChange[]>;
  /** Makes the workspace match `target` (a snapshot commit); `current` is a fresh snapshot. */
  restore(current: string, target: string): Promise<FileChange[]>;
}

export interface CheckpointStoreOptions {
  /** The workspace root. */
  root: string;
  /** <session side dir>/checkpoints: holds `git/` and `index`. */
  dir: string;
  /** Directories inside the workspace never snapshotted (the agent's own home). */
  exclude?: readonly string[];
}

/** Settings that keep our git from running anything of the user's or the model's. */
const SAFE_CONFIG = [
  "-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "-c", "core.autocrlf=false", "-c", "core.safecrlf=false",
  "-c", "core.quotepath=false", "-c", "user.name=mini-agent", "-c", "user.email=mini-agent@localhost", "-c", "gc.auto=0",
  "-c", "core.untrackedCache=true", "-c", "core.splitIndex=false", "-c", "advice.addIgnoredFile=false",
];

export function createCheckpointStore(options: CheckpointStoreOptions): CheckpointStore {
  const gitDir = path.join(options.dir, "git");
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: options.dir,
    GIT_DIR: gitDir,
    GIT_INDEX_FILE: path.join(options.dir, "index"),
    GIT_WORK_TREE: options.root,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: process.platform === "win32" ? "NUL" : "/dev/null",
    GIT_TERMINAL_PROMPT: "0",
    // File names are names, never pathspec magic (`:(top)`, `*`).
    GIT_LITERAL_PATHSPECS: "1",
    ...(process.platform === "win32" ? { SystemRoot: process.env.SystemRoot } : {}),
  };

  function git(args: string[], input?: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = childProcess().execFile("git", [...SAFE_CONFIG, ...args], { cwd: options.root, env, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
        if (error) reject(new Error(`checkpoint: git ${args[0]} failed: ${stderr.trim() || error.message}`));
        else resolve(stdout);
      });
      if (input !== undefined) child.stdin?.end(input);
    });
  }

  let ready: Promise<void> | undefined;
  function init(): Promise<void> {
    ready ??= (async () => {
      if (!existsSync(path.join(gitDir, "HEAD"))) {
        // A bare repository is these few files; writing them saves a `git init` on the turn's path.
        for (const dir of ["objects", "refs/heads", "refs/tags", "info"]) mkdirSync(path.join(gitDir, dir), { recursive: true });
        writeFileSync(path.join(gitDir, "config"), "[core]\n\trepositoryformatversion = 0\n\tbare = true\n");
        writeFileSync(path.join(gitDir, "HEAD"), "ref: refs/heads/main\n");
      }
      // The agent's own home (sessions, this store) is never part of a snapshot.
      const excluded = (options.exclude ?? []).filter((dir) => isInside(options.root, dir) && dir !== options.root);
      const lines = excluded.map((dir) => `/${path.relative(options.root, dir).split(path.sep).join("/")}/`);
      writeFileSync(path.join(gitDir, "info", "exclude"), `${lines.join("\n")}\n`);
    })();
    return ready;
  }

  async function parseChanges(from: string, to: string): Promise<FileChange[]> {
    const out = await git(["diff", "--no-renames", "--name-status", "-z", from, to]);
    const fields = out.split("\0").filter((field) => field !== "");
    const changes: FileChange[] = [];
    for (let i = 0; i + 1 < fields.length; i += 2) {
      const status = fields[i]!.charAt(0);
      changes.push({ status: status === "A" || status === "D" ? status : "M", path: fields[i + 1]! });
    }
    return changes;
  }

  return {
    async snapshot(message) {
      await init();
      if (isEmptyFolder(options.root)) {
        // Nothing to add: git would write the empty tree. Written here, two git processes fewer
        // (an agent started in a new folder; the demo). The private index is left as it is: the
        // next `add -A` makes it match the workspace again, and only its stat cache is used.
        const tree = writeObject(gitDir, "tree", Buffer.alloc(0));
        return { commit: writeCommit(gitDir, tree, message), tree, files: 0 };
      }
      // -A: tracked and untracked, minus what .gitignore ignores; `.git` is never added.
      await git(["add", "-A", "--ignore-errors", "--", "."]).catch(async (error: Error) => {
        // A file vanishing mid-walk makes add fail; one retry sees the settled tree.
        if (!/unable to|does not exist|No such file/.test(error.message)) throw error;
        await git(["add", "-A", "--ignore-errors", "--", "."]);
      });
      const tree = (await git(["write-tree"])).trim();
      // What `git commit-tree` would write, written here: one git process fewer per checkpoint.
      const commit = writeCommit(gitDir, tree, message);
      // The index header ("DIRC", version, entry count) says how many files: no extra git run.
      const header = readHeader(env.GIT_INDEX_FILE!);
      const files = header.subarray(0, 4).toString("latin1") === "DIRC" ? header.readUInt32BE(8) : 0;
      return { commit, tree, files };
    },

    changes: (current, target) => parseChanges(current, target),

    async restore(current, target) {
      const changes = await parseChanges(current, target);
      const rewrite = changes.filter((change) => change.status !== "D").map((change) => change.path);
      for (const change of changes) {
        if (change.status === "D") rmSync(path.join(options.root, change.path), { force: true });
      }
      if (rewrite.length > 0) {
        // Updates the private index and writes the files; the user's .git is not involved.
        await git(["checkout", "--no-overlay", target, "--pathspec-from-file=-", "--pathspec-file-nul"], `${rewrite.join("\0")}\0`);
      }
      return changes;
    },
  };
}

/**
 * A commit object for `tree` (no parent), stored loose as git stores it: "commit <size>\0<body>",
 * named by its SHA-1, zlib-compressed, at objects/<2 hex>/<38 hex>. The body is the one
 * `git commit-tree -m` makes with this store's fixed identity. Returns the commit's name.
 */
export function writeCommit(gitDir: string, tree: string, message: string, now = new Date()): string {
  if (!/^[0-9a-f]{40}$/.test(tree)) throw new Error(`checkpoint: git write-tree gave ${JSON.stringify(tree)}`);
  const stamp = `${Math.floor(now.getTime() / 1000)} +0000`;
  const body = `tree ${tree}\nauthor mini-agent <mini-agent@localhost> ${stamp}\ncommitter mini-agent <mini-agent@localhost> ${stamp}\n\n${message}\n`;
  return writeObject(gitDir, "commit", Buffer.from(body));
}

/** A loose object as git stores it: "<type> <size>\0<body>", named by its SHA-1, zlib-compressed. */
export function writeObject(gitDir: string, type: "commit" | "tree", body: Buffer): string {
  const object = Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]);
  const name = createHash("sha1").update(object).digest("hex");
  const dir = path.join(gitDir, "objects", name.slice(0, 2));
  const file = path.join(dir, name.slice(2));
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    // Written whole, then renamed: a reader never sees half an object.
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, zlib().deflateSync(object));
    renameSync(temp, file);
  }
  return name;
}

/** True when the folder has no entry at all; a folder we cannot read is left to git to report. */
function isEmptyFolder(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0;
  } catch {
    return false;
  }
}

function readHeader(file: string): Buffer {
  const header = Buffer.alloc(12);
  const fd = openSync(file, "r");
  try {
    readSync(fd, header, 0, 12, 0);
  } finally {
    closeSync(fd);
  }
  return header;
}
