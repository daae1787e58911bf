// Parses one agentskills.io SKILL.md: YAML frontmatter between `---` lines with `name`
// (≤ 64 chars, lowercase letters, digits and single hyphens, equal to its folder's name)
// and `description` (≤ 1024 chars by the spec), then the Markdown body. Pure: the caller reads
// the file and hands in a YAML parser, so discovery loads the `yaml` package only when a skill
// exists. A longer description (anthropics/skills ships some) still loads: cut to 1024 for the
// prompt, with a warning naming the skill, since skipping a working skill helps no one.

import { clipHead } from "../../secrets/word-cut.js";

export interface Skill {
  name: string;
  description: string;
  /** The Markdown after the frontmatter, trimmed. */
  body: string;
  /** The skill's folder (absolute). */
  dir: string;
  /** Where it was found: the project's `.agents/skills` or the agent home's `skills`. */
  scope: "project" | "user";
}

/** `warning`: the skill loads, but something about it was adjusted (a notice names it). */
export type ParsedSkill = { skill: Skill; warning?: string } | { problem: string };

export type YamlParse = (text: string) => unknown;

const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const MAX_NAME = 64;
export const MAX_DESCRIPTION = 1024;
/** SKILL.md and every file load_skill returns: larger ones are refused, never read whole. */
export const MAX_SKILL_FILE_BYTES = 200_000;
const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

export function parseSkillFile(text: string, where: { dir: string; folder: string; scope: Skill["scope"] }, parseYaml: YamlParse): ParsedSkill {
  const match = FRONTMATTER.exec(text.replace(/^\uFEFF/, ""));
  if (!match) return { problem: "no YAML frontmatter (the file must start with a --- line, then name and description, then ---)" };
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? "");
  } catch (error) {
    return { problem: `invalid YAML frontmatter: ${firstLine((error as Error).message)}` };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return { problem: "the frontmatter must be a mapping with name and description" };
  const { name, description } = data as Record<string, unknown>;
  if (typeof name !== "string" || name.trim() === "") return { problem: "the frontmatter has no name" };
  if (name.length > MAX_NAME) return { problem: `name is ${name.length} characters; at most ${MAX_NAME}` };
  if (!NAME.test(name)) return { problem: `name ${JSON.stringify(name)} may hold only lowercase letters, digits and single hyphens` };
  if (name !== where.folder) return { problem: `name ${JSON.stringify(name)} differs from its folder ${JSON.stringify(where.folder)}` };
  if (typeof description !== "string" || description.trim() === "") return { problem: "the frontmatter has no description" };
  const trimmed = description.trim();
  const body = text.slice(match[0].length + (text.startsWith("\uFEFF") ? 1 : 0)).trim();
  const skill = { name, description: cut(trimmed), body, dir: where.dir, scope: where.scope };
  if (trimmed.length <= MAX_DESCRIPTION) return { skill };
  return { skill, warning: `its description is ${trimmed.length} characters, over the ${MAX_DESCRIPTION} the Agent Skills spec allows; the prompt lists its first ${MAX_DESCRIPTION}` };
}

/** The catalogue for the system prompt: names and descriptions only; bodies load on demand. */
export function skillCatalogue(skills: readonly Skill[]): string {
  if (skills.length === 0) return "";
  const lines = [
    "# Skills",
    "Skills are instructions for particular tasks. When a task matches one, call load_skill with its name before you start, and follow what it says.",
    ...skills.map((skill) => `- ${skill.name}: ${oneLine(skill.description)}`),
  ];
  return lines.join("\n");
}

/** At most MAX_DESCRIPTION characters, cut at a word where one is near, marked with an ellipsis. */
function cut(text: string): string {
  // The system prompt is redacted after this cut: half a key kept would pass the redactor.
  return clipHead(text, MAX_DESCRIPTION);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function firstLine(text: string): string {
  return text.split("\n")[0] ?? text;
}
