// Where mini-agent finds its own host programs (ADR 0061): PATH folders a command can write
// (relative, inside the workspace or the sandbox's folders, reached through a link) are never
// used, and the program found only there counts as missing with a reason naming where it was.
// Real folders, real files, real links: the lookup reads the disk.
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findHostProgram, untrustedPathEntry } from "../../src/engine/host/host-programs.js";

const posix = process.platform !== "win32";
let base: string;
let workspace: string;
let system: string;

function program(folder: string, name: string): string {
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, process.platform === "win32" ? `${name}.exe` : name);
  writeFileSync(file, "#!/bin/sh\n");
  chmodSync(file, 0o755);
  return file;
}

const joined = (...entries: string[]) => entries.join(path.delimiter);

beforeEach(() => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "host-programs-")));
  workspace = path.join(base, "ws");
  system = path.join(base, "usr-bin");
  mkdirSync(workspace);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe("a host program's PATH lookup", () => {
  it("skips a workspace folder listed first and takes the next trusted one", () => {
    program(path.join(workspace, ".venv", "bin"), "git");
    const real = program(system, "git");
    expect(findHostProgram("git", joined(path.join(workspace, ".venv", "bin"), system), [workspace])).toEqual({ path: real });
  });

  it("a program only in untrusted folders is missing, and the reason says where and why", () => {
    program(path.join(workspace, "node_modules", ".bin"), "bwrap");
    const found = findHostProgram("bwrap", joined(path.join(workspace, "node_modules", ".bin"), system), [workspace]);
    expect(found.path).toBeUndefined();
    expect(found.missing).toContain(`bwrap was found only at ${path.join(workspace, "node_modules", ".bin", "bwrap")}, inside ${workspace}`);
    expect(findHostProgram("bwrap", system, [workspace])).toEqual({ missing: "bwrap is not on PATH", onlyUntrusted: false });
  });

  it("a relative entry is never trusted, whatever folder it names", () => {
    expect(untrustedPathEntry("bin", [])).toMatch(/relative PATH entry/);
    expect(untrustedPathEntry(".", [])).toMatch(/relative PATH entry/);
    expect(untrustedPathEntry(system, [workspace])).toBeUndefined();
  });

  it.skipIf(!posix)("sees through links: a folder outside that leads into the workspace, a file that does, a folder not made yet", () => {
    const inside = path.join(workspace, "tools");
    program(inside, "rg");
    const link = path.join(base, "link-to-tools");
    symlinkSync(inside, link);
    expect(findHostProgram("rg", link, [workspace]).missing).toMatch(/found only at .*link-to-tools\/rg, inside /);
    // A trusted folder whose program is a link to a file in the workspace.
    mkdirSync(system);
    symlinkSync(path.join(inside, "rg"), path.join(system, "rg"));
    expect(findHostProgram("rg", system, [workspace]).missing).toMatch(/a link into a folder commands can write/);
    // A folder that does not exist yet, under a link into the workspace: a command could make it.
    symlinkSync(workspace, path.join(base, "ws-link"));
    expect(untrustedPathEntry(path.join(base, "ws-link", "later", "bin"), [workspace])).toMatch(/^inside /);
  });
});
