import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { discoverSkills, MAX_CATALOGUE_CHARS, MAX_SKILLS_PER_SCOPE } from "../../src/engine/extensions/skills/discover-skills.js";
import { createLoadSkillTool } from "../../src/engine/extensions/skills/load-skill-tool.js";
import { parseSkillFile, skillCatalogue } from "../../src/engine/extensions/skills/skill-file.js";

const where = { dir: "/skills/pdf", folder: "pdf", scope: "project" as const };

function roots() {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "skills-")));
  return { workspace: path.join(base, "ws"), home: path.join(base, "home") };
}

function writeSkill(root: string, folder: string, text: string, extra: Record<string, string> = {}): string {
  const dir = path.join(root, folder);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "SKILL.md"), text);
  for (const [name, content] of Object.entries(extra)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const skillText = (name: string, description: string, body = "Do the thing.") => `---\nname: ${name}\ndescription: ${description}\n---\n\n${body}\n`;

describe("SKILL.md parsing", () => {
  it("reads name, description and body", () => {
    const parsed = parseSkillFile("\uFEFF---\r\nname: pdf\r\ndescription: >\r\n  Fill PDF forms.\r\n---\r\n# Steps\r\nOne.\r\n", where, parse);
    expect(parsed).toEqual({ skill: { name: "pdf", description: "Fill PDF forms.", body: "# Steps\r\nOne.", dir: "/skills/pdf", scope: "project" } });
  });

  it.each([
    ["no frontmatter", "# just markdown", /no YAML frontmatter/],
    ["broken YAML", "---\nname: [pdf\n---\nbody", /invalid YAML/],
    ["a list", "---\n- a\n---\n", /must be a mapping/],
    ["no name", "---\ndescription: d\n---\n", /no name/],
    ["a long name", `---\nname: ${"a".repeat(65)}\ndescription: d\n---\n`, /65 characters; at most 64/],
    ["capitals", "---\nname: PDF\ndescription: d\n---\n", /lowercase letters/],
    ["another folder's name", "---\nname: docx\ndescription: d\n---\n", /differs from its folder "pdf"/],
    ["no description", "---\nname: pdf\n---\n", /no description/],
  ])("rejects %s", (_label, text, problem) => {
    const parsed = parseSkillFile(text, where, parse);
    expect("problem" in parsed && parsed.problem).toMatch(problem);
  });

  it("catalogues names and descriptions only, and nothing without skills", () => {
    const skill = { name: "pdf", description: "Fill\n  forms.", body: "SECRET BODY", dir: "/x", scope: "user" as const };
    const text = skillCatalogue([skill]);
    expect(text).toContain("- pdf: Fill forms.");
    expect(text).not.toContain("SECRET BODY");
    expect(skillCatalogue([])).toBe("");
  });
});

describe("skill discovery", () => {
  it("finds project and user skills; the project's wins a clash; invalid ones give one notice each", async () => {
    const { workspace, home } = roots();
    const project = path.join(workspace, ".agents", "skills");
    const user = path.join(home, "skills");
    writeSkill(project, "deploy", skillText("deploy", "Project deploy steps", "project body"));
    writeSkill(user, "deploy", skillText("deploy", "User deploy steps", "user body"));
    writeSkill(user, "review-pr", skillText("review-pr", "How to review"));
    writeSkill(user, "broken", "no frontmatter here");
    mkdirSync(path.join(user, "empty-folder"), { recursive: true });

    const { skills, notices } = await discoverSkills({ workspace, home });
    expect(skills.map((s) => [s.name, s.scope, s.description])).toEqual([
      ["deploy", "project", "Project deploy steps"],
      ["review-pr", "user", "How to review"],
    ]);
    expect(notices).toEqual([`skill ${path.join(user, "broken", "SKILL.md")} skipped: no YAML frontmatter (the file must start with a --- line, then name and description, then ---)`]);
  });

  it("loads a skill whose description is over the spec's 1,024 characters, cut for the prompt, with a notice naming it", async () => {
    const { workspace, home } = roots();
    const user = path.join(home, "skills");
    // Like anthropics/skills' claude-api: over a thousand characters of words.
    const long = `${"Use this skill when building apps with the Claude API. ".repeat(19)}TAIL-MARKER`;
    writeSkill(user, "claude-api", skillText("claude-api", long, "the body"));
    const { skills, notices } = await discoverSkills({ workspace, home });
    expect(skills.map((skill) => skill.name)).toEqual(["claude-api"]);
    expect(skills[0]!.description.length).toBeLessThanOrEqual(1024);
    expect(skills[0]!.description).toMatch(/^Use this skill when building apps with the Claude API\. .*…$/s);
    expect(notices).toEqual([
      `skill claude-api (${path.join(user, "claude-api", "SKILL.md")}) loaded, but its description is ${long.length} characters, over the 1024 the Agent Skills spec allows; the prompt lists its first 1024`,
    ]);
    const catalogue = skillCatalogue(skills);
    expect(catalogue).toContain("- claude-api: Use this skill when building apps");
    expect(catalogue).not.toContain("TAIL-MARKER");
  });

  it("finds nothing (and loads no parser) when neither folder exists", async () => {
    const { workspace, home } = roots();
    expect(await discoverSkills({ workspace, home })).toEqual({ skills: [], notices: [] });
  });
});

describe("load_skill", () => {
  const signal = new AbortController().signal;

  it("returns the body and lists the other files; reads one of them; refuses to leave the folder", async () => {
    const { workspace, home } = roots();
    const dir = writeSkill(path.join(home, "skills"), "pdf", skillText("pdf", "PDF forms", "Run scripts/fill.sh"), {
      "scripts/fill.sh": "echo fill",
      "reference.md": "ref",
    });
    writeFileSync(path.join(home, "outside.txt"), "private");
    const { skills } = await discoverSkills({ workspace, home });
    const tool = createLoadSkillTool(skills, { workspace, home });

    const loaded = await tool.execute({ name: "pdf" }, { signal });
    expect(loaded.content).toContain("Run scripts/fill.sh");
    expect(loaded.content).toContain("- reference.md\n");
    expect(loaded.content).toContain("- scripts/fill.sh");
    expect(loaded.content).not.toContain("- SKILL.md");

    expect((await tool.execute({ name: "pdf", file: "scripts/fill.sh" }, { signal })).content).toBe("echo fill");
    await expect(tool.execute({ name: "pdf", file: "../../outside.txt" }, { signal })).rejects.toThrow(/outside skill pdf/);
    await expect(tool.execute({ name: "nope" }, { signal })).rejects.toThrow(/no skill named "nope"; available: pdf/);
  });

  // Creating a symlink needs a privilege Windows does not grant by default.
  it.skipIf(process.platform === "win32")("does not follow a symlink out of the skill's folder", async () => {
    const { workspace, home } = roots();
    const dir = writeSkill(path.join(home, "skills"), "pdf", skillText("pdf", "PDF forms"));
    writeFileSync(path.join(home, "outside.txt"), "private");
    symlinkSync(path.join(home, "outside.txt"), path.join(dir, "link.txt"));
    const tool = createLoadSkillTool((await discoverSkills({ workspace, home })).skills, { workspace, home });
    await expect(tool.execute({ name: "pdf", file: "link.txt" }, { signal })).rejects.toThrow(/outside skill pdf/);
  });
});

describe("a repository with very many skills", () => {
  it("reads at most MAX_SKILLS_PER_SCOPE folders and keeps the catalogue within MAX_CATALOGUE_CHARS, the user's skills first", async () => {
    const { workspace, home } = roots();
    const project = path.join(workspace, ".agents", "skills");
    const long = "x".repeat(1000);
    for (let i = 0; i < MAX_SKILLS_PER_SCOPE + 40; i++) writeSkill(project, `s${String(i).padStart(4, "0")}`, skillText(`s${String(i).padStart(4, "0")}`, long));
    writeSkill(path.join(home, "skills"), "zz-mine", skillText("zz-mine", "The user's own skill."));
    const { skills, notices } = await discoverSkills({ workspace, home });
    expect(notices).toContain(`40 skill folders in ${project} skipped: at most ${MAX_SKILLS_PER_SCOPE} are read (the first by name)`);
    const size = skills.reduce((sum, skill) => sum + skill.name.length + skill.description.length, 0);
    expect(size).toBeLessThanOrEqual(MAX_CATALOGUE_CHARS);
    expect(skills.map((skill) => skill.name)).toContain("zz-mine");
    expect(skills.filter((skill) => skill.scope === "project").length).toBeGreaterThan(20);
    expect(notices.find((line) => line.includes("left out of the catalogue"))).toMatch(/^\d+ skill\(s\) left out of the catalogue \(s0\d+/);
  });
});
