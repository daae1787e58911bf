// Reading .agent.json and config.json from disk: a project's file goes through the workspace
// jail and is bounded; a refused one is a ConfigError naming the file (exit 2), quickly.
import { execFileSync } from "node:child_process";
import { linkSync, mkdirSync, mkdtempSync, realpathSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config/config-error.js";
import { defaultConfigScope, readConfigFile } from "../../src/config/config-file.js";
import { resolveConfig } from "../../src/config/resolve-config.js";

const posix = process.platform !== "win32";

function setUp(): { base: string; ws: string; project: string; outside: string } {
  const base = realpathSync(mkdtempSync(join(tmpdir(), "mini-agent-config-read-")));
  const ws = join(base, "ws");
  mkdirSync(ws);
  const outside = join(base, "outside.json");
  writeFileSync(outside, JSON.stringify({ api_key: "sk-outside-0001", model: "m" }));
  return { base, ws, project: join(ws, ".agent.json"), outside };
}

function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("readConfigFile", () => {
  it("reads a project file and a user file; a missing one is undefined", () => {
    const { ws, project } = setUp();
    writeFileSync(project, '\uFEFF{"model": "kimi-k2"}');
    expect(readConfigFile(project)?.values).toEqual({ model: "kimi-k2" });
    expect(readConfigFile(join(ws, "nope", ".agent.json"))).toBeUndefined();
    expect(readConfigFile(join(ws, "config.json"))).toBeUndefined();
  });

  it("tells a project's file from the user's by its name", () => {
    expect(defaultConfigScope("/ws/.agent.json")).toEqual({ workspace: "/ws" });
    expect(defaultConfigScope("/home/u/.mini-agent/config.json")).toEqual({});
  });

  it.skipIf(!posix)("refuses a project file linked out of the workspace, naming it; the user's may be a link", () => {
    const { ws, project, outside } = setUp();
    symlinkSync(outside, project);
    expect(refusal(() => readConfigFile(project))).toBe(`Cannot read ${project}: resolves through a symlink to ${outside}, outside the workspace ${ws}`);
    const user = join(ws, "config.json");
    symlinkSync(outside, user);
    expect(readConfigFile(user)?.values.model).toBe("m");
  });

  it.skipIf(!posix)("refuses /dev/zero, a FIFO, a hard link and a directory, without hanging", () => {
    const { ws, project, outside } = setUp();
    symlinkSync("/dev/zero", project);
    expect(refusal(() => readConfigFile(project))).toMatch(/resolves through a symlink to \/dev\/zero, outside the workspace/);
    expect(refusal(() => readConfigFile("/dev/zero", {}))).toBe("Cannot read /dev/zero: is a character device, not a regular file");

    const fifo = join(ws, "sub", ".agent.json");
    mkdirSync(join(ws, "sub"));
    execFileSync("mkfifo", [fifo]);
    expect(refusal(() => readConfigFile(fifo))).toBe(`Cannot read ${fifo}: is a FIFO, not a regular file`);
    const userFifo = join(ws, "sub", "config.json");
    execFileSync("mkfifo", [userFifo]);
    expect(refusal(() => readConfigFile(userFifo))).toBe(`Cannot read ${userFifo}: is a FIFO, not a regular file`);

    const hard = join(ws, "hard", ".agent.json");
    mkdirSync(join(ws, "hard"));
    linkSync(outside, hard);
    expect(refusal(() => readConfigFile(hard))).toMatch(/: has 2 hard links/);

    const dir = join(ws, "dir", ".agent.json");
    mkdirSync(dir, { recursive: true });
    expect(refusal(() => readConfigFile(dir))).toBe(`Cannot read ${dir}: is a directory, not a regular file`);
  });

  it("refuses a 50 MB file by its size, project or user", () => {
    const { ws, project } = setUp();
    writeFileSync(project, "");
    truncateSync(project, 50 * 1024 * 1024);
    expect(refusal(() => readConfigFile(project))).toBe(`Cannot read ${project}: is 52428800 bytes; at most 1000000 bytes are read`);
    const user = join(ws, "config.json");
    writeFileSync(user, "");
    truncateSync(user, 50 * 1024 * 1024);
    expect(refusal(() => readConfigFile(user))).toMatch(/is 52428800 bytes/);
  });

  it.skipIf(!posix)("resolveConfig reads .agent.json through the jail too", () => {
    const { base, ws, project, outside } = setUp();
    symlinkSync(outside, project);
    const home = join(base, "home");
    mkdirSync(home);
    // A project's file that cannot be read is a warning, and its settings are ignored.
    const { warnings } = resolveConfig({ env: { FAKE_LLM: "1" }, cwd: ws, home, flags: {} });
    expect(warnings.join("\n")).toContain(`Cannot read ${project}: resolves through a symlink`);
    expect(warnings.join("\n")).toContain("the project's settings were ignored");
  });
});
