// Installs a fetched entry into the agent home ($MINI_AGENT_HOME/skills/<name>/ or
// guards/<name>.json) and records it, with each file's checksum, in registry/installed.json.
// Only what the registry installed can be removed or replaced by it: a skill a person wrote
// by hand is never overwritten.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { validateGuardPlugin, parseSkillFile } from "../../engine/subcommands.js";
import type { FetchedFile } from "./registry-fetch.js";
import { RegistryError, type RegistryEntry } from "./registry-index.js";

export interface InstalledRecord {
  kind: RegistryEntry["kind"];
  name: string;
  version: string;
  source: string;
  files: Record<string, string>;
  at: string;
}

function recordFile(home: string): string {
  return path.join(home, "registry", "installed.json");
}

export function readInstalled(home: string): InstalledRecord[] {
  try {
    const value = JSON.parse(readFileSync(recordFile(home), "utf8")) as unknown;
    return Array.isArray(value) ? (value as InstalledRecord[]) : [];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw new RegistryError(`${recordFile(home)} is damaged: ${(error as Error).message}`);
  }
}

function writeInstalled(home: string, records: InstalledRecord[]): void {
  const file = recordFile(home);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(`${file}.tmp`, `${JSON.stringify(records, null, 2)}\n`, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

export function targetOf(home: string, kind: RegistryEntry["kind"], name: string): string {
  return kind === "skill" ? path.join(home, "skills", name) : path.join(home, "guards", `${name}.json`);
}

/** Checks the content is what its kind allows: a valid SKILL.md, or a JSON rule manifest. */
export function checkContent(entry: RegistryEntry, files: FetchedFile[], parseYaml: (text: string) => unknown): void {
  if (entry.kind === "skill") {
    const skill = files.find((file) => file.path === "SKILL.md");
    const parsed = parseSkillFile(skill?.text ?? "", { dir: "", folder: entry.name, scope: "user" }, parseYaml);
    if ("problem" in parsed) throw new RegistryError(`${entry.name}: SKILL.md is not a valid skill: ${parsed.problem}`);
    return;
  }
  let value: unknown;
  try {
    value = JSON.parse(files[0]?.text ?? "");
  } catch (error) {
    throw new RegistryError(`${entry.name}: the guard plugin is not JSON: ${(error as Error).message}`);
  }
  const checked = validateGuardPlugin(value);
  if ("problem" in checked) throw new RegistryError(`${entry.name}: not a valid guard plugin: ${checked.problem}`);
}

export function install(home: string, entry: RegistryEntry, files: FetchedFile[], source: string, now = new Date()): string {
  const records = readInstalled(home);
  const target = targetOf(home, entry.kind, entry.name);
  const previous = records.find((record) => record.kind === entry.kind && record.name === entry.name);
  if (existsSync(target) && !previous) throw new RegistryError(`${target} exists and was not installed from the registry; move it away first`);
  // Written beside the target and renamed, so a failure never leaves half an install.
  const staging = `${target}.installing`;
  rmSync(staging, { recursive: true, force: true });
  if (entry.kind === "skill") {
    for (const file of files) {
      const destination = path.join(staging, ...file.path.split("/"));
      mkdirSync(path.dirname(destination), { recursive: true });
      writeFileSync(destination, file.text);
    }
  } else {
    mkdirSync(path.dirname(staging), { recursive: true });
    writeFileSync(staging, files[0]!.text);
  }
  rmSync(target, { recursive: true, force: true });
  renameSync(staging, target);
  const record: InstalledRecord = {
    kind: entry.kind,
    name: entry.name,
    version: entry.version,
    source,
    files: Object.fromEntries(files.map((file) => [file.path, file.sha256])),
    at: now.toISOString(),
  };
  writeInstalled(home, [...records.filter((r) => r !== previous), record]);
  return target;
}

export function remove(home: string, name: string): InstalledRecord {
  const records = readInstalled(home);
  const record = records.find((r) => r.name === name);
  if (!record) throw new RegistryError(`${name} was not installed from the registry (installed: ${records.map((r) => r.name).join(", ") || "none"})`);
  rmSync(targetOf(home, record.kind, record.name), { recursive: true, force: true });
  writeInstalled(home, records.filter((r) => r !== record));
  return record;
}
