// Where a skill's files may be read from, always bounded (at most MAX_SKILL_FILE_BYTES, regular
// files only). A user skill's files must stay inside its folder's real path: the user put it
// there. A project skill's folder comes with the cloned repository: `.agents/skills/x -> ../..`
// (the workspace root) or a link elsewhere would let load_skill read `.env` or anything else,
// and resolving files against the folder's own real path would only move the jail along with
// the link. So the folder must really be inside the real `.agents/skills`, itself inside the
// real workspace, and each file must really be inside the folder: one name, not a credential
// store or the agent home. Checked again on every read: the model may change the workspace.
import { realpathSync } from "node:fs";
import path from "node:path";
import { ToolError } from "../../tools/tool.js";
import { readUserFile, type ReadOutcome, type ReadProblem } from "../../bounded-read.js";
import { folderInside, readWorkspaceFile, type InsidePath } from "../../workspace-read/workspace-file.js";
import { MAX_SKILL_FILE_BYTES, type Skill } from "./skill-file.js";

export interface ProjectSkillRoots {
  workspace: string;
  /** The agent home: no project file may lead into it. */
  home: string;
}

export const PROJECT_SKILLS = path.join(".agents", "skills");

/** The real path of project skill folder `name`, or why it may not be used. */
export function projectSkillFolder(roots: ProjectSkillRoots, name: string): InsidePath | ReadProblem {
  return folderInside(roots.workspace, PROJECT_SKILLS, name, { what: "skill", deniedDirs: [roots.home], containerName: "the skills folder" });
}

/** One file of project skill `name` (relative to its folder): the text, or a problem naming it. */
function projectSkillFile(roots: ProjectSkillRoots, name: string, file: string): ReadOutcome {
  const folder = projectSkillFolder(roots, name);
  if (!folder.ok) return folder;
  return readWorkspaceFile(folder.real, file, {
    maxBytes: MAX_SKILL_FILE_BYTES,
    what: `skill ${name}`,
    deniedDirs: [roots.home],
    rootName: `skill ${name}'s folder`,
  });
}

/** SKILL.md of the skill folder `folder` found in `dir` (a skills folder of that scope), for discovery. */
export function readSkillMd(scope: Skill["scope"], dir: string, folder: string, roots: ProjectSkillRoots): ReadOutcome {
  if (scope === "project") return projectSkillFile(roots, folder, "SKILL.md");
  return readUserFile(path.join(dir, folder, "SKILL.md"), { maxBytes: MAX_SKILL_FILE_BYTES, what: "skill" });
}

/** The folder to list: a project skill's only while it is still really inside `.agents/skills`. */
export function skillFolder(skill: Skill, roots: ProjectSkillRoots): string {
  if (skill.scope === "user") return skill.dir;
  const folder = projectSkillFolder(roots, path.basename(skill.dir));
  if (!folder.ok) throw new ToolError(`skill ${skill.name}: ${folder.detail}`);
  return folder.real;
}

export function readSkillFile(skill: Skill, file: string, roots: ProjectSkillRoots): string {
  if (skill.scope === "project") {
    const read = projectSkillFile(roots, path.basename(skill.dir), file);
    if (!read.ok) throw new ToolError(forTheModel(file, read));
    return read.text;
  }
  const root = realpathSync(skill.dir);
  let target: string;
  try {
    target = realpathSync(path.resolve(root, file));
  } catch {
    throw new ToolError(`${file} is not a file of skill ${skill.name}`);
  }
  const relative = path.relative(root, target);
  // Symlinks are resolved first, so a link cannot lead out of the skill's folder.
  if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) throw new ToolError(`${file} is outside skill ${skill.name}'s folder`);
  const read = readUserFile(target, { maxBytes: MAX_SKILL_FILE_BYTES, what: `skill ${skill.name}` });
  if (!read.ok) throw new ToolError(forTheModel(file, read));
  return read.text;
}

/** The problem as the model should read it: the file it asked for, then what is wrong. */
function forTheModel(file: string, read: ReadProblem): string {
  if (read.kind === "missing") return `${file} is not a file of this skill`;
  return `${file}: ${read.detail}`;
}
