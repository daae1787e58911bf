// Critical files under the real bubblewrap (ADR 0035): a sandboxed command that runs without a
// question cannot create or change one at any depth — what the read-only mounts do not stop
// is undone right after it, and said in its result — while a command someone approved may.
import { execFileSync } from "node:child_process";
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { probeBubblewrap } from "../../src/engine/sandbox/bubblewrap.js";
import { createCommandTools, type CommandTools } from "../../src/engine/tools/command/command-tools.js";
import { UNDONE_HEADER } from "../../src/engine/sandbox/critical-guard.js";
import type { ToolContext, ToolResult } from "../../src/engine/tools/tool.js";
import { makeGate } from "../helpers/gate.js";
import { waitFor } from "../helpers/processes.js";

const bwrapWorks = probeBubblewrap().works;
let base: string;
let root: string;
let session: CommandTools;

function write(relative: string, content: string): void {
  mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  writeFileSync(path.join(root, relative), content);
}
const read = (relative: string) => readFileSync(path.join(root, relative), "utf8");
const exists = (relative: string) => existsSync(path.join(root, relative));

async function run(command: string, answeredBy?: ToolContext["answeredBy"]): Promise<ToolResult> {
  const tool = session.tools.find((candidate) => candidate.name === "run_command")!;
  try {
    return await tool.execute({ command }, { signal: new AbortController().signal, ...(answeredBy ? { answeredBy } : {}) });
  } catch (error) {
    return { content: (error as Error).message, isError: true };
  }
}

beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), "critical-ro-"));
  root = path.join(base, "ws");
  mkdirSync(root);
  session = createCommandTools({ root, tasksDir: path.join(base, "tasks"), sandbox: "workspace-write", protectedPaths: [path.join(root, "scripts", "hook.sh"), path.join(root, "hooks", "later.sh")] });
});
afterEach(async () => {
  await session.closeAll();
  rmSync(base, { recursive: true, force: true });
});

describe.skipIf(!bwrapWorks)("a sandboxed command that runs without a question", () => {
  it("cannot create critical files at any depth (cp -r, a glob mv, tar -x), and what it may write lands", async () => {
    write("vendor/.agent.json", '{"planted":true}');
    write("vendor/AGENTS.md", "planted\n");
    write("vendor/.agents/skills/evil/SKILL.md", "---\nname: evil\n---\n");
    write("vendor/src/a.ts", "export const a = 1;\n");
    write("staged/.mcp.json", "{}");
    write("payload/sub/package.json", '{"scripts":{"postinstall":"evil"}}');
    write("payload/src/b.ts", "export const b = 2;\n");
    execFileSync("tar", ["-cf", path.join(base, "payload.tar"), "-C", path.join(root, "payload"), "."]);
    rmSync(path.join(root, "payload"), { recursive: true });

    const result = await run(`cp -r vendor/. . && mv staged/.[a-z]* . && tar -xf ${base}/payload.tar`);
    expect(result.content).toContain("exit code: 0");
    expect(result.isError).toBe(true);
    for (const planted of [".agent.json", "AGENTS.md", ".agents", ".mcp.json", "sub/package.json"]) {
      expect(exists(planted), planted).toBe(false);
      expect(result.content).toContain(`removed ${planted}`);
    }
    expect(result.content).toContain(UNDONE_HEADER);
    expect(read("src/a.ts")).toBe("export const a = 1;\n");
    expect(read("src/b.ts")).toBe("export const b = 2;\n");
    // The planted files are kept outside the workspace, where no command reaches them.
    const undone = path.join(base, "tasks", "undone");
    const kept = readdirSync(undone, { recursive: true }).map(String);
    const skill = kept.find((file) => file.endsWith(path.join(".agents", "skills", "evil", "SKILL.md")))!;
    expect(readFileSync(path.join(undone, skill), "utf8")).toBe("---\nname: evil\n---\n");
    expect(result.content).toContain(`(kept in ${path.join(undone, path.dirname(path.dirname(path.dirname(skill))))})`);
    // The sources it copied from were critical already, and stay as they were.
    expect(read("vendor/AGENTS.md")).toBe("planted\n");
  });

  it("cannot change existing ones: writes fail, a renamed parent or removed file is put back", async () => {
    write("package.json", '{"name":"real"}\n');
    write(".agent.json", '{"model":"real"}\n');
    write(".agents/skills/ok/SKILL.md", "real skill\n");
    write("sub/pkg/package.json", '{"name":"pkg"}\n');
    const direct = await run(`echo evil > package.json; echo evil >> sub/pkg/package.json; rm -f .agent.json; node -e "require('fs').writeFileSync('.agents/skills/ok/SKILL.md','evil')"; echo end`);
    expect(direct.content).toMatch(/package\.json: Read-only file system/);
    expect(direct.content).toContain("end");
    const moved = await run("mv sub old && mkdir -p sub/pkg && echo evil > sub/pkg/package.json && mv .agents gone; echo end");
    expect(moved.content).toContain("restored sub/pkg/package.json");
    expect(moved.content).toMatch(/removed old\/pkg\/package\.json/);
    expect(read("package.json")).toBe('{"name":"real"}\n');
    expect(read(".agent.json")).toBe('{"model":"real"}\n');
    expect(read(".agents/skills/ok/SKILL.md")).toBe("real skill\n");
    expect(read("sub/pkg/package.json")).toBe('{"name":"pkg"}\n');
    expect(exists("gone")).toBe(false);
  });

  it("cannot write a protected hook script, even one that does not exist yet", async () => {
    write("scripts/hook.sh", "echo real\n");
    const direct = await run("echo evil > scripts/hook.sh; echo end");
    expect(direct.content).toMatch(/hook\.sh: Read-only file system/);
    const around = await run("mv scripts s2 && mkdir -p scripts hooks && echo evil > scripts/hook.sh && echo evil > hooks/later.sh");
    expect(read("scripts/hook.sh")).toBe("echo real\n");
    expect(exists("hooks/later.sh")).toBe(false);
    expect(around.content).toContain("restored scripts/hook.sh");
    expect(around.content).toContain("removed hooks/later.sh");
  });

  it("is not fooled by links: a symlink to a critical file, a hard link made inside or before, a critical symlink's target", async () => {
    write(".agent.json", "{}\n");
    write("package.json", '{"name":"real"}\n');
    write("docs/guide.md", "real guide\n");
    symlinkSync(".agent.json", path.join(root, "alias"));
    symlinkSync("docs/guide.md", path.join(root, "CLAUDE.md"));
    linkSync(path.join(root, "package.json"), path.join(root, "twin"));
    const result = await run("echo evil > alias; ln .agent.json inside-link; echo evil > docs/guide.md; echo evil > twin; echo end");
    expect(result.content).toMatch(/alias: Read-only file system/);
    expect(result.content).toMatch(/inside-link.*Invalid cross-device link/);
    expect(result.content).toMatch(/guide\.md: Read-only file system/);
    // A second name of a critical file is read-only too: its other name is not one the walk lists as a file (ADR 0051).
    expect(result.content).toMatch(/twin: Read-only file system/);
    expect(read(".agent.json")).toBe("{}\n");
    expect(read("docs/guide.md")).toBe("real guide\n");
    expect(read("package.json")).toBe('{"name":"real"}\n');
    expect(exists("inside-link")).toBe(false);
    expect(read("twin")).toBe('{"name":"real"}\n');
    // Replacing the critical symlink itself is undone too.
    const swapped = await run("rm CLAUDE.md && echo evil > CLAUDE.md");
    expect(swapped.content).toContain("restored CLAUDE.md");
    expect(read("CLAUDE.md")).toBe("real guide\n");
  });

  it("leaves what someone else changes meanwhile where the sandbox kept it read-only; what appears is moved out, kept", async () => {
    write("package.json", '{"name":"real"}');
    write(".github/workflows/ci.yml", "on: push");
    const gate = makeGate(base);
    const running = run(`touch started && ${gate.command}`);
    await waitFor(() => exists("started"), 30_000, "the command to start");
    // An editor saving in place, a new workflow in a folder the sandbox kept read-only, a new file at the top.
    writeFileSync(path.join(root, "package.json"), '{"name":"edited"}');
    write(".github/workflows/new.yml", "on: pull_request");
    write(".mcp.json", "{}");
    gate.release();
    const result = await running;
    expect(read("package.json")).toBe('{"name":"edited"}');
    expect(read(".github/workflows/new.yml")).toBe("on: pull_request");
    // The sandbox cannot tell who made a new file at a place it could not mount: it goes, and is kept.
    expect(exists(".mcp.json")).toBe(false);
    expect(result.content).toMatch(/removed \.mcp\.json \(kept in .*\)/);
  });

  it("in the background: what the task planted is removed when it ends, and its log says so", async () => {
    const tool = session.tools.find((candidate) => candidate.name === "run_command")!;
    const status = session.tools.find((candidate) => candidate.name === "task_status")!;
    const context = { signal: new AbortController().signal };
    const started = await tool.execute({ command: "echo planted > AGENTS.md && echo ok > notes.txt", background: true }, context);
    const id = (started.details as { taskId: string }).taskId;
    const log = path.join(base, "tasks", `${id}.log`);
    await waitFor(() => existsSync(log) && readFileSync(log, "utf8").includes(`[task ${id} ended:`), 30_000, "the task's end");
    const report = (await status.execute({ id }, context)).content;
    expect(readFileSync(log, "utf8")).toContain("removed AGENTS.md");
    expect(report).toContain("removed AGENTS.md");
    expect(exists("AGENTS.md")).toBe(false);
    expect(read("notes.txt")).toBe("ok\n");
  });
});

describe.skipIf(!bwrapWorks)("a sandboxed command someone approved", () => {
  it("may write critical files, as --yes or a person decided (ADR 0035)", async () => {
    write("package.json", '{"name":"real"}\n');
    const byFlag = await run(`node -e "require('fs').writeFileSync('package.json', '{\\"name\\":\\"set\\"}')"`, "flag");
    expect(byFlag.content).toContain("exit code: 0");
    expect(read("package.json")).toBe('{"name":"set"}');
    const byUser = await run("echo '{}' > .agent.json && mkdir -p .agents/skills/x && echo s > .agents/skills/x/SKILL.md", "user");
    expect(byUser.content).toContain("exit code: 0");
    expect(byUser.content).not.toContain(UNDONE_HEADER);
    expect(read(".agent.json")).toBe("{}\n");
    expect(read(".agents/skills/x/SKILL.md")).toBe("s\n");
  });
});
