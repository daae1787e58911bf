// The run's temporary root (test/helpers/temp-root.ts, vitest.config.ts): everything tests and
// their child processes put in the temp dir lands inside it, and it is removed whole at the end.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cliEnv } from "../helpers/run-cli.js";
import { makeTempRoot, removeTree, TEMP_ROOT_PREFIX, TEMP_ROOT_VARIABLE } from "../helpers/temp-root.js";

const root = process.env[TEMP_ROOT_VARIABLE] ?? "";
const within = (dir: string, parent: string) => !path.relative(parent, dir).startsWith("..") && !path.isAbsolute(path.relative(parent, dir));
const childTmpdir = (env: NodeJS.ProcessEnv) =>
  spawnSync(process.execPath, ["-e", "process.stdout.write(require('os').tmpdir())"], { env, encoding: "utf8" }).stdout;

describe("the run's temp root", () => {
  it("is the temp dir of every test, its HOME included", () => {
    expect(path.basename(root)).toMatch(new RegExp(`^${TEMP_ROOT_PREFIX}`));
    expect(statSync(root).isDirectory()).toBe(true);
    expect(os.tmpdir()).toBe(root);
    expect(within(mkdtempSync(path.join(os.tmpdir(), "probe-")), root)).toBe(true);
    expect(within(process.env.HOME ?? "", root)).toBe(true);
  });

  it("is the temp dir of the processes tests spawn, the CLI's clean environment too", () => {
    expect(childTmpdir(process.env)).toBe(root);
    expect(childTmpdir(cliEnv())).toBe(root);
  });
});

describe("removeTree", () => {
  it("removes folders a test made read-only or unlistable, and files of mode 0", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "remove-"));
    const readOnly = path.join(dir, "read-only");
    const closed = path.join(dir, "a", "closed");
    mkdirSync(readOnly);
    mkdirSync(closed, { recursive: true });
    writeFileSync(path.join(readOnly, "f"), "x");
    writeFileSync(path.join(closed, "g"), "y", { mode: 0 });
    chmodSync(readOnly, 0o500);
    chmodSync(closed, 0);
    removeTree(dir);
    expect(existsSync(dir)).toBe(false);
  });

  it("follows no link out of the tree", () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), "outside-"));
    writeFileSync(path.join(outside, "kept"), "x");
    chmodSync(outside, 0o500);
    const dir = mkdtempSync(path.join(os.tmpdir(), "remove-"));
    symlinkSync(outside, path.join(dir, "link"));
    chmodSync(dir, 0o500);
    removeTree(dir);
    expect(existsSync(dir)).toBe(false);
    expect(readdirSync(outside)).toEqual(["kept"]);
    expect(statSync(outside).mode & 0o777).toBe(0o500);
    chmodSync(outside, 0o700);
  });
});

describe("makeTempRoot", () => {
  it("removes the roots of runs that died, and keeps live ones and folders it cannot judge", () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), "parent-"));
    const live = makeTempRoot(parent).root;
    const dead = makeTempRoot(parent).root;
    // A process that has exited: its pid names no process now.
    const exited = spawnSync(process.execPath, ["-e", ""]).pid;
    writeFileSync(path.join(dead, ".owner-pid"), String(exited));
    writeFileSync(path.join(dead, "home", "left"), "x");
    const unowned = path.join(parent, `${TEMP_ROOT_PREFIX}unowned`);
    mkdirSync(unowned);
    const fresh = makeTempRoot(parent);
    expect(readdirSync(parent).sort()).toEqual([live, fresh.root, unowned].map((dir) => path.basename(dir)).sort());
    expect(readdirSync(fresh.root).sort()).toEqual([".owner-pid", "home"]);
    expect(within(fresh.home, fresh.root)).toBe(true);
    // Others pass through (a test drops a child to another account), list nothing; the HOME is private.
    expect(statSync(fresh.root).mode & 0o777).toBe(0o711);
    expect(statSync(fresh.home).mode & 0o777).toBe(0o700);
  });
});
