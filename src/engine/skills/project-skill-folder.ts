// A project skill's folder and files, through the workspace jail. The folder comes with the
// cloned repository: `.agents/skills/x -> ../..` (the workspace root) or a link elsewhere would
// let load_skill read `.env` or anything else, and resolving files against the folder's own
// real path would only move the jail along with the link. So the folder must really be inside
// the real `.agents/skills`, itself inside the real workspace, and each file must really be
// inside the folder: a regular file with one name, not a credential store, within the cap.
// Checked again on every read, since the model may change the workspace mid-session.
import path from "node:path";
import type { ReadOutcome, ReadProblem } from "../workspace-read/bounded-read.js";
import { folderInside, readWorkspaceFile, type InsidePath } from "../workspace-read/workspace-file.js";
import { MAX_SKILL_FILE_BYTES } from "./skill-file.js";

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
export function projectSkillFile(roots: ProjectSkillRoots, name: string, file: string): ReadOutcome {
  const folder = projectSkillFolder(roots, name);
  if (!folder.ok) return folder;
  return readWorkspaceFile(folder.real, file, {
    maxBytes: MAX_SKILL_FILE_BYTES,
    what: `skill ${name}`,
    deniedDirs: [roots.home],
    rootName: `skill ${name}'s folder`,
  });
}

/** The problem as the model should read it: the file it asked for, then what is wrong. */
export function forTheModel(file: string, read: ReadProblem): string {
  if (read.kind === "missing") return `${file} is not a file of this skill`;
  return `${file}: ${read.detail}`;
}
