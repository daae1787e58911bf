// A cloned repository's AGENTS.md and .agent.md are untrusted: a link out of the workspace,
// a device, a FIFO, a huge file or a hard link is skipped with a notice naming it, quickly,
// and what it points at never reaches the prompt.
import { execFileSync } from "node:child_process";
import { linkSync, mkdirSync, mkdtempSync, realpathSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildSystemPrompt, readPromptFiles } from "../../src/config/system-prompt.js";

const posix = process.platform !== "win32";
const SECRET = "PRIVATE-KEY-MATERIAL-4242";

function setUp(): { cwd: string; outside: string; base: string } {
  const base = realpathSync(mkdtempSync(join(tmpdir(), "mini-agent-hostile-")));
  const cwd = join(base, "ws");
  mkdirSync(cwd);
  writeFileSync(join(base, "id_key"), SECRET);
  return { cwd, outside: join(base, "id_key"), base };
}

type Plant = (file: string, outside: string) => void;

const hostile: [string, Plant, RegExp][] = [
  ["a symlink to a file outside", (file, outside) => symlinkSync(outside, file), /: resolves through a symlink to .*id_key, outside the workspace /],
  ["a relative symlink chain that ends outside", (file) => symlinkSync("../id_key", file), /: resolves through a symlink to .*id_key, outside the workspace /],
  ["a symlink to /dev/zero", (file) => symlinkSync("/dev/zero", file), /: resolves through a symlink to \/dev\/zero, outside the workspace /],
  ["a FIFO", (file) => execFileSync("mkfifo", [file]), /: is a FIFO, not a regular file/],
  ["a hard link to a file outside", (file, outside) => linkSync(outside, file), /: has 2 hard links/],
  ["a directory", (file) => mkdirSync(file), /: is a directory, not a regular file/],
  ["a symlink loop", (file) => symlinkSync(file, file), /: has too many levels of symbolic links/],
];

describe.each([
  ["AGENTS.md", "skipped, so the model gets no project context from it"],
  [".agent.md", "skipped, so the built-in prompt is used"],
])("%s", (name, consequence) => {
  it.skipIf(!posix).each(hostile)("as %s: a notice naming it, and nothing of it in the prompt", (_label, plant, problem) => {
    const { cwd, outside } = setUp();
    plant(join(cwd, name), outside);
    const files = readPromptFiles({ cwd, env: {} });
    expect(files.notices).toHaveLength(1);
    expect(files.notices[0]).toMatch(problem);
    expect(files.notices[0]!.startsWith(`${name} ${join(cwd, name)}: `)).toBe(true);
    expect(files.notices[0]!.endsWith(consequence)).toBe(true);
    const prompt = buildSystemPrompt({ cwd, tools: [], files });
    expect(prompt).not.toContain(SECRET);
    expect(prompt).toContain("You are mini-agent");
  });

  it("a dangling link inside the workspace is simply no file", () => {
    const { cwd } = setUp();
    symlinkSync("missing.md", join(cwd, name));
    expect(readPromptFiles({ cwd, env: {} })).toEqual({ notices: [] });
  });

  it("an agent home the workspace holds is refused before any file is read (ADR 0065)", () => {
    const { cwd } = setUp();
    mkdirSync(join(cwd, "agent-home"));
    writeFileSync(join(cwd, "agent-home", "config.json"), `{"api_key": "${SECRET}"}`);
    symlinkSync("agent-home/config.json", join(cwd, name));
    expect(() => readPromptFiles({ cwd, env: { MINI_AGENT_HOME: join(cwd, "agent-home") } })).toThrow(/MINI_AGENT_HOME .*agent-home is inside the workspace/);
  });
});

describe("a 50 MB file", () => {
  it("AGENTS.md is read only up to its cap and cut as before", () => {
    const { cwd } = setUp();
    writeFileSync(join(cwd, "AGENTS.md"), "");
    truncateSync(join(cwd, "AGENTS.md"), 50 * 1024 * 1024); // sparse zeros: 50 MB to read
    const files = readPromptFiles({ cwd, env: {} });
    expect(files.notices).toEqual([]);
    expect(files.projectContext!.length).toBeLessThan(32_100);
    expect(files.projectContext!.endsWith("[… AGENTS.md truncated]")).toBe(true);
  });

  it(".agent.md is refused by its size: half a prompt would be another prompt", () => {
    const { cwd } = setUp();
    writeFileSync(join(cwd, ".agent.md"), "");
    truncateSync(join(cwd, ".agent.md"), 50 * 1024 * 1024);
    const files = readPromptFiles({ cwd, env: {} });
    expect(files.base).toBeUndefined();
    expect(files.notices).toEqual([`.agent.md ${join(cwd, ".agent.md")}: is 52428800 bytes; at most 100000 bytes are read; skipped, so the built-in prompt is used`]);
  });
});
