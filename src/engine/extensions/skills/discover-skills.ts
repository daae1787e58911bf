// Finds skills in <workspace>/.agents/skills/<name>/SKILL.md and <agent home>/skills/<name>/SKILL.md.
// The project's skill wins over the user's of the same name (the project knows its own
// conventions best). An invalid file is skipped with one notice naming it and the problem; a
// skill loaded with an adjustment (a description over the spec's limit) gets a notice too.
// A project's skills come with whatever repository was cloned, so they are read through the
// workspace jail: a skill folder must really be inside .agents/skills (a symlink to the
// workspace root or elsewhere is skipped), and SKILL.md must be a regular file with one name
// inside it, within the size cap (skill-files.ts).
import { readdirSync } from "node:fs";
import path from "node:path";
import { readSkillMd } from "./skill-files.js";
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

/** Skill folders read per scope: a repository must not make start-up read thousands of files. */
export const MAX_SKILLS_PER_SCOPE = 200;
/**
 * The catalogue (names and descriptions) goes into every request's system prompt: past this
 * many characters, the project's skills are left out (then the user's), each named in one
 * notice, so a repository cannot fill the context or the bill with its own skills.
 */
export const MAX_CATALOGUE_CHARS = 30_000;

interface Candidate {
  file: string;
  folder: string;
  dir: string;
  scope: Skill["scope"];
  text: string;
}

/** The SKILL.md files there are, read (bounded) but not parsed, so no parser loads without one. */
function candidates(roots: SkillRoots, notices: string[]): Candidate[] {
  const found: Candidate[] = [];
  for (const { dir, scope } of skillDirs(roots)) {
    let entries: string[];
    try {
      // A plain file beside the folders (a README) is not a skill; anything else is looked at.
      entries = readdirSync(dir, { withFileTypes: true }).filter((entry) => !entry.isFile()).map((entry) => entry.name).sort();
    } catch {
      continue; // No such folder (the common case) or unreadable: no skills from there.
    }
    if (entries.length > MAX_SKILLS_PER_SCOPE) {
      notices.push(`${entries.length - MAX_SKILLS_PER_SCOPE} skill folders in ${dir} skipped: at most ${MAX_SKILLS_PER_SCOPE} are read (the first by name)`);
      entries = entries.slice(0, MAX_SKILLS_PER_SCOPE);
    }
    for (const folder of entries) {
      const file = path.join(dir, folder, "SKILL.md");
      const read = readSkillMd(scope, dir, folder, roots);
      // A folder without SKILL.md is simply not a skill.
      if (read.ok) found.push({ file, folder, dir: path.join(dir, folder), scope, text: read.text });
      else if (read.kind !== "missing") notices.push(`skill ${read.path} skipped: ${read.detail}`);
    }
  }
  return found;
}

export async function discoverSkills(roots: SkillRoots): Promise<SkillDiscovery> {
  const notices: string[] = [];
  const files = candidates(roots, notices);
  if (files.length === 0) return { skills: [], notices };
  // The YAML parser is loaded only when there is frontmatter to read (start-up stays lean).
  // yaml is CommonJS for Node: bundled, its named exports sit on `default`.
  const yaml = (await import("yaml")) as typeof import("yaml") & { default?: typeof import("yaml") };
  const parse = yaml.default?.parse ?? yaml.parse;
  return collect(files, (text) => parse(text), notices);
}

function collect(files: Candidate[], parseYaml: YamlParse, notices: string[]): SkillDiscovery {
  const byName = new Map<string, Skill>();
  for (const candidate of files) {
    const parsed = parseSkillFile(candidate.text, { dir: candidate.dir, folder: candidate.folder, scope: candidate.scope }, parseYaml);
    if ("problem" in parsed) {
      notices.push(`skill ${candidate.file} skipped: ${parsed.problem}`);
      continue;
    }
    if (parsed.warning) notices.push(`skill ${parsed.skill.name} (${candidate.file}) loaded, but ${parsed.warning}`);
    // Project folders are read first, so an existing entry is the project's and stays.
    if (!byName.has(parsed.skill.name)) byName.set(parsed.skill.name, parsed.skill);
  }
  const skills = withinCatalogue([...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)), notices);
  return { skills, notices };
}

/** The skills whose names and descriptions fit MAX_CATALOGUE_CHARS, the user's counted first. */
function withinCatalogue(skills: Skill[], notices: string[]): Skill[] {
  let used = 0;
  const kept = new Set<Skill>();
  for (const skill of [...skills.filter((one) => one.scope === "user"), ...skills.filter((one) => one.scope !== "user")]) {
    const size = skill.name.length + skill.description.length;
    if (used + size > MAX_CATALOGUE_CHARS) continue;
    used += size;
    kept.add(skill);
  }
  const left = skills.filter((skill) => !kept.has(skill));
  if (left.length > 0) {
    const names = left.slice(0, 5).map((skill) => skill.name).join(", ");
    notices.push(`${left.length} skill(s) left out of the catalogue (${names}${left.length > 5 ? ", …" : ""}): names and descriptions past ${MAX_CATALOGUE_CHARS} characters would go into every request`);
  }
  return skills.filter((skill) => kept.has(skill));
}
