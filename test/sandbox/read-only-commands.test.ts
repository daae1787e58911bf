// The per-session cost of the sandbox, cut without loosening it (issue 21, ADR 0047): a
// command the allowlist proved read-only runs with the whole workspace mounted read-only, so it
// needs no walk of the workspace before it and no check after it; and the seccomp filter is
// checked in the same bwrap spawn as the availability probe. Under the real bubblewrap.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { probeBubblewrap, probeBubblewrapAsync, probeSeccompAsync } from "../../src/engine/sandbox/bubblewrap.js";
import { unixSocketFilter } from "../../src/engine/sandbox/seccomp-filter.js";
import { createCommandTools, type CommandTools } from "../../src/engine/tools/command/command-tools.js";

const bwrapWorks = probeBubblewrap().works;
let base: string;
let root: string;
let session: CommandTools;

async function run(command: string, provedReadOnly: boolean): Promise<string> {
  const tool = session.tools.find((candidate) => candidate.name === "run_command")!;
  return (await tool.execute({ command }, { signal: new AbortController().signal, ...(provedReadOnly ? { provedReadOnly: true } : {}) })).content;
}

beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), "ro-cmd-"));
  root = path.join(base, "ws");
  mkdirSync(path.join(root, "src"), { recursive: true });
  writeFileSync(path.join(root, "src", "a.ts"), "export {};\n");
  session = createCommandTools({ root, tasksDir: path.join(base, "tasks"), sandbox: "workspace-write" });
});
afterEach(async () => {
  await session.closeAll();
  rmSync(base, { recursive: true, force: true });
});

describe.skipIf(!bwrapWorks)("a command proved read-only", () => {
  it("reads the workspace, writes its temp dir, and cannot change a file, make one or plant a .git", async () => {
    const out = await run(
      'cat src/a.ts; echo x > "$TMPDIR/t" && cat "$TMPDIR/t"; echo y >> src/a.ts; touch new.txt; mkdir d; git init -q 2>&1 | head -1; echo done',
      true,
    );
    expect(out).toContain("export {};");
    expect(out).toMatch(/Read-only file system/);
    expect(out).toContain("done");
    expect(readFileSync(path.join(root, "src", "a.ts"), "utf8")).toBe("export {};\n");
    for (const made of ["new.txt", "d", ".git"]) expect(existsSync(path.join(root, made)), made).toBe(false);
  });

  it("has no network, while the next command that is not proved read-only writes as before", async () => {
    const offline = await run(`node -e "require('net').connect(80, '1.1.1.1').on('error', e => console.log('net', e.code)).on('connect', () => console.log('connected'))"`, true);
    expect(offline).toMatch(/net E/);
    expect(await run("echo y > b.txt && echo wrote", false)).toContain("wrote");
    expect(readFileSync(path.join(root, "b.txt"), "utf8")).toBe("y\n");
  });
});

describe.skipIf(!bwrapWorks)("the probe", () => {
  it("checks bwrap and the seccomp filter in one spawn; a program the kernel refuses is said not to load", async () => {
    const program = unixSocketFilter();
    if (!program) return;
    expect(await probeBubblewrapAsync(program)).toMatchObject({ works: true, seccomp: true });
    expect(await probeSeccompAsync(Buffer.from([1, 2, 3]))).toBe(false);
  });
});
