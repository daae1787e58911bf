// Files mini-agent reads from a workspace on its own account: real files, links, FIFOs and
// devices on disk; what comes back is the text or a problem naming the file.
import { execFileSync } from "node:child_process";
import { linkSync, mkdirSync, mkdtempSync, realpathSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCheckedFile, readUserFile, type ReadOutcome } from "../../src/engine/bounded-read.js";
import { folderInside, readWorkspaceFile } from "../../src/engine/workspace-read/workspace-file.js";

const posix = process.platform !== "win32";

function base(): { ws: string; outside: string; home: string } {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), "workspace-read-")));
  const ws = path.join(dir, "ws");
  const home = path.join(dir, "home");
  mkdirSync(ws);
  mkdirSync(home);
  writeFileSync(path.join(dir, "secret.txt"), "TOP-SECRET-OUTSIDE");
  return { ws, outside: path.join(dir, "secret.txt"), home };
}

const limits = { maxBytes: 1000, what: "AGENTS.md" };

function problemOf(outcome: ReadOutcome): { kind: string; message: string } {
  if (outcome.ok) throw new Error(`expected a problem, read ${JSON.stringify(outcome.text.slice(0, 40))}`);
  return { kind: outcome.kind, message: outcome.message };
}

describe("readWorkspaceFile", () => {
  it("reads a regular file inside the workspace, by relative or absolute path", () => {
    const { ws, home } = base();
    writeFileSync(path.join(ws, "AGENTS.md"), "Run npm test.");
    expect(readWorkspaceFile(ws, "AGENTS.md", { ...limits, home })).toEqual({ ok: true, text: "Run npm test.", path: path.join(ws, "AGENTS.md"), truncated: false });
    expect(readWorkspaceFile(ws, path.join(ws, "AGENTS.md"), { ...limits, home })).toMatchObject({ ok: true, text: "Run npm test." });
    expect(readWorkspaceFile(ws, "nope.md", { ...limits, home })).toMatchObject({ ok: false, kind: "missing" });
  });

  it.skipIf(!posix)("refuses a symlink to a file outside, naming both paths; the content is never read", () => {
    const { ws, outside, home } = base();
    symlinkSync(outside, path.join(ws, "AGENTS.md"));
    const { kind, message } = problemOf(readWorkspaceFile(ws, "AGENTS.md", { ...limits, home }));
    expect(kind).toBe("outside");
    expect(message).toBe(`AGENTS.md ${path.join(ws, "AGENTS.md")}: resolves through a symlink to ${outside}, outside the workspace ${ws}`);
    expect(message).not.toContain("TOP-SECRET");
  });

  it.skipIf(!posix)("follows a relative chain to its end, a dangling link and a loop without hanging", () => {
    const { ws, home } = base();
    mkdirSync(path.join(ws, "docs"));
    symlinkSync("docs/step.md", path.join(ws, "AGENTS.md"));
    symlinkSync("../../secret.txt", path.join(ws, "docs", "step.md"));
    expect(problemOf(readWorkspaceFile(ws, "AGENTS.md", { ...limits, home })).kind).toBe("outside");

    symlinkSync("../gone/anywhere", path.join(ws, "dangling-out.md"));
    expect(problemOf(readWorkspaceFile(ws, "dangling-out.md", { ...limits, home })).kind).toBe("outside");
    symlinkSync("not-there.md", path.join(ws, "dangling-in.md"));
    expect(problemOf(readWorkspaceFile(ws, "dangling-in.md", { ...limits, home })).kind).toBe("missing");

    symlinkSync("loop-b", path.join(ws, "loop-a"));
    symlinkSync("loop-a", path.join(ws, "loop-b"));
    expect(problemOf(readWorkspaceFile(ws, "loop-a", { ...limits, home })).message).toMatch(/loop-a: has too many levels of symbolic links/);
  });

  it.skipIf(!posix)("refuses /dev/zero behind a link at once, and a device even where the workspace is /", () => {
    const { ws, home } = base();
    symlinkSync("/dev/zero", path.join(ws, "AGENTS.md"));
    expect(problemOf(readWorkspaceFile(ws, "AGENTS.md", { ...limits, home })).kind).toBe("outside");
    expect(problemOf(readWorkspaceFile("/", "dev/zero", { ...limits, home })).kind).toBe("denied");
    expect(problemOf(readWorkspaceFile("/", "proc/self/environ", { ...limits, home })).kind).toBe("denied");
    expect(problemOf(readUserFile("/dev/zero", limits)).message).toBe("AGENTS.md /dev/zero: is a character device, not a regular file");
  });

  it.skipIf(!posix)("a FIFO is refused without blocking, also when opened directly (O_NONBLOCK, then fstat)", () => {
    const { ws, home } = base();
    execFileSync("mkfifo", [path.join(ws, "AGENTS.md")]);
    expect(problemOf(readWorkspaceFile(ws, "AGENTS.md", { ...limits, home })).message).toBe(`AGENTS.md ${path.join(ws, "AGENTS.md")}: is a FIFO, not a regular file`);
    expect(problemOf(readUserFile(path.join(ws, "AGENTS.md"), limits)).kind).toBe("not-a-file");
    // As if it had been swapped in after the checks by name: the descriptor's type decides.
    expect(problemOf(readCheckedFile(path.join(ws, "AGENTS.md"), "AGENTS.md", limits)).kind).toBe("not-a-file");
  });

  it("a directory by the name is a problem, not a crash", () => {
    const { ws, home } = base();
    mkdirSync(path.join(ws, "AGENTS.md"));
    expect(problemOf(readWorkspaceFile(ws, "AGENTS.md", { ...limits, home })).message).toMatch(/AGENTS\.md: is a directory, not a regular file$/);
  });

  it("a 50 MB file: refused by size, or cut to the cap when truncating", () => {
    const { ws, home } = base();
    const big = path.join(ws, "big.md");
    writeFileSync(big, "");
    truncateSync(big, 50 * 1024 * 1024);
    expect(problemOf(readWorkspaceFile(ws, "big.md", { ...limits, home })).message).toBe(`AGENTS.md ${big}: is 52428800 bytes; at most 1000 bytes are read`);
    const cut = readWorkspaceFile(ws, "big.md", { ...limits, home, overflow: "truncate" });
    expect(cut).toMatchObject({ ok: true, truncated: true });
    expect(cut.ok && cut.text.length).toBe(1000);
  });

  it("truncation never splits a UTF-8 character", () => {
    const { ws, home } = base();
    writeFileSync(path.join(ws, "a.md"), "é".repeat(600)); // 1200 bytes
    const cut = readWorkspaceFile(ws, "a.md", { ...limits, home, overflow: "truncate" });
    expect(cut.ok && cut.text).toBe("é".repeat(500));
  });

  it("refuses a hard link (one inode, a name outside too) and a path outside the root", () => {
    const { ws, outside, home } = base();
    linkSync(outside, path.join(ws, "AGENTS.md"));
    const { kind, message } = problemOf(readWorkspaceFile(ws, "AGENTS.md", { ...limits, home }));
    expect(kind).toBe("hard-linked");
    expect(message).toContain("has 2 hard links");
    expect(problemOf(readWorkspaceFile(ws, outside, { ...limits, home })).message).toBe(`AGENTS.md ${outside}: is outside the workspace ${ws}`);
    expect(problemOf(readWorkspaceFile(ws, "../secret.txt", { ...limits, home })).kind).toBe("outside");
  });

  it.skipIf(!posix)("refuses credential stores, secret names and the agent home even when the workspace holds them", () => {
    const { ws } = base();
    // The workspace is the home directory, and the agent home is inside it.
    mkdirSync(path.join(ws, ".aws"));
    writeFileSync(path.join(ws, ".aws", "credentials"), "aws_secret_access_key=x");
    symlinkSync(".aws/credentials", path.join(ws, "AGENTS.md"));
    writeFileSync(path.join(ws, ".env"), "TOKEN=x");
    mkdirSync(path.join(ws, "agent-home"));
    writeFileSync(path.join(ws, "agent-home", "config.json"), "{}");
    symlinkSync("agent-home/config.json", path.join(ws, ".agent.md"));
    const options = { ...limits, home: ws, deniedDirs: [path.join(ws, "agent-home")] };
    expect(problemOf(readWorkspaceFile(ws, ".aws/credentials", options)).message).toMatch(/credentials: is refused: .*\.aws holds credentials/);
    expect(problemOf(readWorkspaceFile(ws, "AGENTS.md", options)).message).toMatch(/AGENTS\.md: resolves to .*\.aws\/credentials, refused/);
    expect(problemOf(readWorkspaceFile(ws, ".env", options)).kind).toBe("denied");
    expect(problemOf(readWorkspaceFile(ws, ".agent.md", options)).kind).toBe("denied");
  });

  it.skipIf(!posix)("works through a symlinked root (the root's own real path is the jail)", () => {
    const { ws, home } = base();
    writeFileSync(path.join(ws, "AGENTS.md"), "hello");
    const alias = path.join(path.dirname(ws), "alias");
    symlinkSync(ws, alias);
    expect(readWorkspaceFile(alias, "AGENTS.md", { ...limits, home })).toMatchObject({ ok: true, text: "hello", path: path.join(ws, "AGENTS.md") });
  });
});

describe("folderInside", () => {
  it.skipIf(!posix)("a folder inside its container and the workspace passes; a link to the root or out does not", () => {
    const { ws, home } = base();
    const skills = path.join(ws, ".agents", "skills");
    mkdirSync(path.join(skills, "deploy"), { recursive: true });
    symlinkSync(ws, path.join(skills, "root"));
    symlinkSync(path.dirname(ws), path.join(skills, "up"));
    writeFileSync(path.join(skills, "file"), "x");
    const options = { what: "skill folder", home };
    expect(folderInside(ws, ".agents/skills", "deploy", options)).toMatchObject({ ok: true, real: path.join(skills, "deploy") });
    expect(folderInside(ws, ".agents/skills", "root", options)).toMatchObject({ ok: false, kind: "outside" });
    expect(folderInside(ws, ".agents/skills", "up", options)).toMatchObject({ ok: false, kind: "outside" });
    expect(folderInside(ws, ".agents/skills", "file", options)).toMatchObject({ ok: false, kind: "not-a-file" });
  });
});
