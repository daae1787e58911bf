// load_skill: returns a skill's instructions and lists its other files; with `file`, returns
// one of those files. Reads only inside the skill's own folder (a user skill lives in the
// agent home, which the workspace tools may not touch, so this is how its files are reached).
// A project skill's folder and files are checked through the workspace jail on every call
// (skill-files.ts).
import { readdirSync } from "node:fs";
import path from "node:path";
import { defineTool, ToolError } from "../../tools/tool.js";
import { builtinInput } from "../../tools/tool-input.js";
import { readSkillFile, skillFolder, type ProjectSkillRoots } from "./skill-files.js";
import type { Skill } from "./skill-file.js";

const MAX_LISTED = 60;

/** `roots`: where project skills were found (their folders are checked again on every call). */
export function createLoadSkillTool(skills: readonly Skill[], roots: ProjectSkillRoots) {
  const byName = new Map(skills.map((skill) => [skill.name, skill]));
  return defineTool({
    name: "load_skill",
    description:
      "Load a skill's instructions by name (the skills are listed in the system prompt). " +
      "The result lists the skill's other files; pass one as `file` to read it.",
    kind: "read",
    input: builtinInput("load_skill"),
    async execute({ name, file }) {
      const skill = byName.get(name);
      if (!skill) throw new ToolError(`no skill named ${JSON.stringify(name)}; available: ${[...byName.keys()].join(", ") || "none"}`);
      if (file !== undefined) return { content: readSkillFile(skill, file, roots) };
      const others = listFiles(skillFolder(skill, roots));
      const listing = others.length === 0 ? "" : `\n\nOther files in this skill (read one with load_skill {"name": "${name}", "file": "…"}):\n${others.map((f) => `- ${f}`).join("\n")}`;
      return { content: `# Skill: ${skill.name}\n\n${skill.body}${listing}` };
    },
  });
}

/** Files under the skill's folder except SKILL.md, breadth-first, capped. */
function listFiles(dir: string): string[] {
  const found: string[] = [];
  const queue = [""];
  while (queue.length > 0 && found.length < MAX_LISTED) {
    const relative = queue.shift() as string;
    let entries;
    try {
      entries = readdirSync(path.join(dir, relative), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) queue.push(child);
      else if (child !== "SKILL.md" && found.length < MAX_LISTED) found.push(child);
    }
  }
  return found;
}
