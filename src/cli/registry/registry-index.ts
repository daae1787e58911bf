// The registry's index: a JSON document listing skills and guard plugins, each file with its
// SHA-256. Pure: validation and search; fetching and installing live beside it.
//   { "entries": [
//       { "kind": "skill", "name": "pdf", "description": "…", "version": "1.2.0",
//         "files": [ { "path": "SKILL.md", "url": "skills/pdf/SKILL.md", "sha256": "…" } ] },
//       { "kind": "guard", "name": "no-prod", "description": "…", "version": "1",
//         "files": [ { "path": "no-prod.json", "url": "guards/no-prod.json", "sha256": "…" } ] } ] }
// File URLs may be relative to the index's URL; every one must be https.

export interface RegistryFile {
  path: string;
  url: string;
  sha256: string;
}

export interface RegistryEntry {
  kind: "skill" | "guard";
  name: string;
  description: string;
  version: string;
  files: RegistryFile[];
}

const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SHA256 = /^[0-9a-f]{64}$/;
const MAX_FILES = 50;

export class RegistryError extends Error {}

/** A relative path inside an install folder: no absolute paths, no `..`, no backslashes. */
export function safeRelativePath(value: string): boolean {
  if (value === "" || value.startsWith("/") || value.includes("\\") || /^[A-Za-z]:/.test(value)) return false;
  return value.split("/").every((part) => part !== "" && part !== "." && part !== "..");
}

export function parseIndex(value: unknown, indexUrl: string): RegistryEntry[] {
  const entries = (value as { entries?: unknown })?.entries;
  if (!Array.isArray(entries)) throw new RegistryError(`the index at ${indexUrl} has no "entries" list`);
  return entries.map((raw, index) => checkEntry(raw, `${indexUrl} entries[${index}]`, indexUrl));
}

function checkEntry(raw: unknown, where: string, indexUrl: string): RegistryEntry {
  const entry = raw as Partial<Record<keyof RegistryEntry, unknown>>;
  if (typeof raw !== "object" || raw === null) throw new RegistryError(`${where} is not an object`);
  if (entry.kind !== "skill" && entry.kind !== "guard") throw new RegistryError(`${where}.kind must be "skill" or "guard" (a registry never ships code)`);
  if (typeof entry.name !== "string" || !NAME.test(entry.name) || entry.name.length > 64) throw new RegistryError(`${where}.name ${JSON.stringify(entry.name)} is not a valid name`);
  if (typeof entry.description !== "string") throw new RegistryError(`${where}.description must be a string`);
  const version = typeof entry.version === "string" ? entry.version : "";
  if (!Array.isArray(entry.files) || entry.files.length === 0 || entry.files.length > MAX_FILES) throw new RegistryError(`${where}.files must list 1 to ${MAX_FILES} files`);
  const files = entry.files.map((file: Partial<RegistryFile>, at) => {
    const place = `${where}.files[${at}]`;
    if (typeof file?.path !== "string" || !safeRelativePath(file.path)) throw new RegistryError(`${place}.path must be a relative path inside the entry`);
    if (typeof file.sha256 !== "string" || !SHA256.test(file.sha256)) throw new RegistryError(`${place}.sha256 must be 64 hex digits`);
    if (typeof file.url !== "string") throw new RegistryError(`${place}.url must be a URL`);
    const url = new URL(file.url, indexUrl);
    if (url.protocol !== "https:") throw new RegistryError(`${place}.url ${url.href} is not https`);
    return { path: file.path, url: url.href, sha256: file.sha256 };
  });
  if (entry.kind === "skill" && !files.some((file) => file.path === "SKILL.md")) throw new RegistryError(`${where} is a skill without SKILL.md`);
  if (entry.kind === "guard" && (files.length !== 1 || !files[0]!.path.endsWith(".json"))) throw new RegistryError(`${where} is a guard plugin: exactly one .json file`);
  return { kind: entry.kind, name: entry.name, description: entry.description, version, files };
}

/** Entries whose name or description holds every word of the query (case-insensitive). */
export function searchIndex(entries: readonly RegistryEntry[], query: string): RegistryEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter((entry) => words.every((word) => `${entry.name} ${entry.description}`.toLowerCase().includes(word)));
}
