// A clone holds everything its docs and code comments point to: no file outside the repo
// (a design note, a shared folder) is cited, and every `docs/….md` named exists.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SCANNED = ["src", "test", "docs", "bench", "scripts", "README.md", "AGENTS.md"];
// Names of notes that lived outside the repository; citing them sends a reader nowhere.
const OUTSIDE = [/PROVIDERS\.md/, /DESIGN\.md/, /PI-TUI\.md/, /STYLE\.md/, /\.\.\/\.\.\/shared\b/, /\/work\/shared/];

function files(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((dirent) =>
    dirent.isDirectory() ? files(path.join(entry, dirent.name)) : /\.(ts|mjs|cjs|js|md|json)$/.test(dirent.name) ? [path.join(full, dirent.name)] : [],
  );
}

const THIS_FILE = fileURLToPath(import.meta.url);

describe("references stay inside the repository", () => {
  it("no doc, comment or test cites a file outside the repo", () => {
    const hits: string[] = [];
    for (const file of SCANNED.flatMap(files)) {
      if (file === THIS_FILE) continue;
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          if (OUTSIDE.some((pattern) => pattern.test(line))) hits.push(`${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(hits).toEqual([]);
  });

  it("every docs/….md that is cited exists", () => {
    const missing = new Set<string>();
    // Tests name made-up docs/… files in fixture trees; the project's own prose and code do not.
    for (const file of ["src", "docs", "README.md", "AGENTS.md"].flatMap(files)) {
      for (const match of readFileSync(file, "utf8").matchAll(/\bdocs\/[\w./-]+\.md\b/g)) {
        if (match[0].includes("NNNN")) continue;
        if (!existsSync(path.join(ROOT, match[0]))) missing.add(`${path.relative(ROOT, file)} → ${match[0]}`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it("every docs/providers.md § cited is a section of it", () => {
    const doc = readFileSync(path.join(ROOT, "docs/providers.md"), "utf8");
    const sections = new Set([...doc.matchAll(/^#{2,3} (\d+(?:\.\d+)?)[. ]/gm)].map((m) => m[1]!));
    // The numbered checklist items of §7 count as sections 7.1, 7.2, …
    const checklist = doc.slice(doc.indexOf("## 7."), doc.indexOf("## 8."));
    for (const m of checklist.matchAll(/^(\d+)\. /gm)) sections.add(`7.${m[1]}`);
    const unknown = new Set<string>();
    for (const file of SCANNED.flatMap(files)) {
      const text = readFileSync(file, "utf8");
      if (!text.includes("docs/providers.md")) continue;
      for (const m of text.matchAll(/§(\d+(?:\.\d+)?)(?:[-–](\d+(?:\.\d+)?))?/g)) {
        for (const cited of [m[1], m[2]]) if (cited && !sections.has(cited)) unknown.add(`${path.relative(ROOT, file)}: §${cited}`);
      }
    }
    expect([...unknown]).toEqual([]);
  });
});
