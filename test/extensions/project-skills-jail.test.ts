// A project's skills come with the cloned repository: folders and files that lead out of
// `.agents/skills` (to the workspace root, its .env, or anywhere) are skipped with a notice at
// discovery and refused by load_skill, which checks again on every call.
import { execFileSync } from "node:child_process";
import { linkSync, mkdirSync, mkdtempSync, realpathSync, renameSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { discoverSkills } from "../../src/engine/extensions/skills/discover-skills.js";
import { createLoadSkillTool } from "../../src/engine/extensions/skills/load-skill-tool.js";

const posix = process.platform !== "win32";
const SECRET = "API_TOKEN=sk-live-do-not-send";
const signal = new AbortController().signal;

function setUp() {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "skills-jail-")));
  const workspace = path.join(base, "ws");
  const home = path.join(base, "home");
  const skills = path.join(workspace, ".agents", "skills");
  mkdirSync(skills, { recursive: true });
  mkdirSync(home);
  writeFileSync(path.join(workspace, ".env"), SECRET);
  const roots = { workspace, home };
  return { base, workspace, home, skills, roots };
}

const skillText = (name: string) => `---\nname: ${name}\ndescription: The ${name} steps\n---\n\nDo ${name}.\n`;

function skill(skills: string, name: string, files: Record<string, string> = {}): string {
  const dir = path.join(skills, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "SKILL.md"), skillText(name));
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

describe.skipIf(!posix)("project skill discovery", () => {
  it("skips a skill folder that is a symlink to the workspace root, naming it", async () => {
    const { workspace, skills, roots } = setUp();
    writeFileSync(path.join(workspace, "SKILL.md"), skillText("root"));
    symlinkSync(workspace, path.join(skills, "root"));
    const found = await discoverSkills(roots);
    expect(found.skills).toEqual([]);
    expect(found.notices).toEqual([
      `skill ${path.join(skills, "root")} skipped: resolves through a symlink to ${workspace}, outside the skills folder ${skills}`,
    ]);
  });

  it("skips a folder linked out of the workspace and a .agents linked out, and keeps the good ones", async () => {
    const { base, skills, roots } = setUp();
    skill(skills, "deploy");
    skill(path.join(base, "elsewhere"), "away");
    symlinkSync(path.join(base, "elsewhere", "away"), path.join(skills, "away"));
    const found = await discoverSkills(roots);
    expect(found.skills.map((s) => s.name)).toEqual(["deploy"]);
    expect(found.notices).toHaveLength(1);
    expect(found.notices[0]).toMatch(/skills\/away skipped: resolves through a symlink to .*elsewhere\/away, outside the skills folder/);

    const other = setUp();
    skill(path.join(other.base, "outside-agents", "skills"), "evil");
    renameSync(path.join(other.workspace, ".agents"), path.join(other.base, "unused"));
    symlinkSync(path.join(other.base, "outside-agents"), path.join(other.workspace, ".agents"));
    const viaLink = await discoverSkills(other.roots);
    expect(viaLink.skills).toEqual([]);
    expect(viaLink.notices[0]).toMatch(/resolves through a symlink to .*outside-agents\/skills, outside the workspace/);
  });

  it("skips a hard-linked SKILL.md, one linked outside, a 50 MB one and a looping folder", async () => {
    const { base, skills, roots } = setUp();
    writeFileSync(path.join(base, "outside.md"), skillText("linked"));
    mkdirSync(path.join(skills, "linked"));
    linkSync(path.join(base, "outside.md"), path.join(skills, "linked", "SKILL.md"));
    mkdirSync(path.join(skills, "pointer"));
    symlinkSync(path.join(base, "outside.md"), path.join(skills, "pointer", "SKILL.md"));
    mkdirSync(path.join(skills, "huge"));
    writeFileSync(path.join(skills, "huge", "SKILL.md"), "");
    truncateSync(path.join(skills, "huge", "SKILL.md"), 50 * 1024 * 1024);
    symlinkSync("loop", path.join(skills, "loop"));
    const found = await discoverSkills(roots);
    expect(found.skills).toEqual([]);
    expect(found.notices).toEqual([
      expect.stringMatching(/skills\/huge\/SKILL\.md skipped: is 52428800 bytes; at most 200000 bytes are read$/),
      expect.stringMatching(/skills\/linked\/SKILL\.md skipped: has 2 hard links/),
      expect.stringMatching(/skills\/loop skipped: has too many levels of symbolic links/),
      expect.stringMatching(/skills\/pointer\/SKILL\.md skipped: resolves through a symlink to .*outside\.md, outside skill pointer's folder/),
    ]);
  });

  it("a README beside the skill folders is not a skill and not a notice", async () => {
    const { skills, roots } = setUp();
    writeFileSync(path.join(skills, "README.md"), "our skills");
    mkdirSync(path.join(skills, "drafts"));
    expect(await discoverSkills(roots)).toEqual({ skills: [], notices: [] });
  });
});

describe.skipIf(!posix)("load_skill on a project skill", () => {
  it("refuses ../../.env, a file linked to ../../../.env, a hard link and a FIFO; never returns the secret", async () => {
    const { base, skills, roots } = setUp();
    const dir = skill(skills, "pdf", { "guide.md": "the guide" });
    symlinkSync("../../../.env", path.join(dir, "env-link"));
    writeFileSync(path.join(base, "outside.txt"), SECRET);
    linkSync(path.join(base, "outside.txt"), path.join(dir, "hard.txt"));
    execFileSync("mkfifo", [path.join(dir, "pipe")]);
    const tool = createLoadSkillTool((await discoverSkills(roots)).skills, roots);

    expect((await tool.execute({ name: "pdf", file: "guide.md" }, { signal })).content).toBe("the guide");
    await expect(tool.execute({ name: "pdf", file: "../../.env" }, { signal })).rejects.toThrow(`../../.env: is outside skill pdf's folder ${dir}`);
    await expect(tool.execute({ name: "pdf", file: "env-link" }, { signal })).rejects.toThrow(
      `env-link: resolves through a symlink to ${path.join(roots.workspace, ".env")}, outside skill pdf's folder ${dir}`,
    );
    await expect(tool.execute({ name: "pdf", file: "hard.txt" }, { signal })).rejects.toThrow(/hard\.txt: has 2 hard links/);
    await expect(tool.execute({ name: "pdf", file: "pipe" }, { signal })).rejects.toThrow("pipe: is a FIFO, not a regular file");
    await expect(tool.execute({ name: "pdf", file: "nope.md" }, { signal })).rejects.toThrow("nope.md is not a file of this skill");
  });

  it("checks the folder again on every call: one swapped for a link to the root after discovery is refused", async () => {
    const { base, workspace, skills, roots } = setUp();
    const dir = skill(skills, "pdf");
    const tool = createLoadSkillTool((await discoverSkills(roots)).skills, roots);
    renameSync(dir, path.join(base, "moved"));
    symlinkSync(workspace, dir);
    await expect(tool.execute({ name: "pdf" }, { signal })).rejects.toThrow(`skill pdf: resolves through a symlink to ${workspace}, outside the skills folder ${skills}`);
    await expect(tool.execute({ name: "pdf", file: ".env" }, { signal })).rejects.toThrow(/outside the skills folder/);
  });

  it("refuses a file inside the skill that leads into the agent home", async () => {
    const { workspace, skills } = setUp();
    const home = path.join(workspace, "agent-home"); // the workspace holds the agent home
    mkdirSync(home);
    writeFileSync(path.join(home, "config.json"), `{"api_key": "${SECRET}"}`);
    const dir = skill(skills, "pdf");
    mkdirSync(path.join(dir, "sub"));
    symlinkSync(path.join(home, "config.json"), path.join(dir, "sub", "config.json"));
    const roots = { workspace, home };
    const tool = createLoadSkillTool((await discoverSkills(roots)).skills, roots);
    const error = await tool.execute({ name: "pdf", file: "sub/config.json" }, { signal }).catch((e: Error) => e.message);
    expect(error).toMatch(/^sub\/config\.json: resolves through a symlink to .*agent-home\/config\.json, outside skill pdf's folder/);
    expect(error).not.toContain(SECRET);
  });
});
