// Finds skills in <workspace>/.agents/skills/<name>/SKILL.md and <agent home>/skills/<name>/SKILL.md.
// The project's skill wins over the user's of the same name (the project knows its own
// conventions best). An invalid file is skipped with one notice naming it and the problem.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseSkillFile, type Skill, type YamlParse } from "./skill-file.js";

export interface SkillDiscovery {
  skills: Skill[];
  /** One line per skipped file, for the start-up notices. */
  notices: string[];
}

export interface SkillRoots {
  workspace: string;
  /** The agent home ($MINI_AGENT_HOME). */
  home: string;
}

export function skillDirs(roots: SkillRoots): { dir: string; scope: Skill["scope"] }[] {
  return [
    { dir: path.join(roots.workspace, ".agents", "skills"), scope: "project" },
    { dir: path.join(roots.home, "skills"), scope: "user" },
  ];
}

/** Candidate SKILL.md files, cheaply (no parsing), so nothing is loaded when there are none. */
function candidates(roots: SkillRoots): { file: string; folder: string; dir: string; scope: Skill["scope"] }[] {
  const found = [];
  for (const { dir, scope } of skillDirs(roots)) {
    let entries: string[];
    try {
      entries = readdirSync(dir).sort();
    } catch {
      continue; // No such folder (the common case) or unreadable: no skills from there.
    }
    for (const folder of entries) {
      const file = path.join(dir, folder, "SKILL.md");
      if (existsSync(file)) found.push({ file, folder, dir: path.join(dir, folder), scope });
    }
  }
  return found;
}

export async function discoverSkills(roots: SkillRoots): Promise<SkillDiscovery> {
  const files = candidates(roots);
  if (files.length === 0) return { skills: [], notices: [] };
  // The YAML parser is loaded only when there is frontmatter to read (start-up stays lean).
  // yaml is CommonJS for Node: bundled, its named exports sit on `default`.
  const yaml = (await import("yaml")) as typeof import("yaml") & { default?: typeof import("yaml") };
  const parse = yaml.default?.parse ?? yaml.parse;
  return collect(files, (text) => parse(text));
}

function collect(files: ReturnType<typeof candidates>, parseYaml: YamlParse): SkillDiscovery {
  const byName = new Map<string, Skill>();
  const notices: string[] = [];
  for (const candidate of files) {
    let text: string;
    try {
      if (!statSync(candidate.file).isFile()) throw new Error("not a file");
      text = readFileSync(candidate.file, "utf8");
    } catch (error) {
      notices.push(`skill ${candidate.file} skipped: ${(error as Error).message}`);
      continue;
    }
    const parsed = parseSkillFile(text, { dir: candidate.dir, folder: candidate.folder, scope: candidate.scope }, parseYaml);
    if ("problem" in parsed) {
      notices.push(`skill ${candidate.file} skipped: ${parsed.problem}`);
      continue;
    }
    // Project folders are read first, so an existing entry is the project's and stays.
    if (!byName.has(parsed.skill.name)) byName.set(parsed.skill.name, parsed.skill);
  }
  return { skills: [...byName.values()].sort((a, b) => a.name.localeCompare(b.name)), notices };
}
