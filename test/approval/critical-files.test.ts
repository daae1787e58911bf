// isCriticalFile matches the documented globs by shape, without compiling them: for every
// path built from names around the list (case, depth, dot folders, near misses), its answer
// is picomatch's for the same globs with { dot: true, nocase: true }.
import picomatch from "picomatch";
import { describe, expect, it } from "vitest";
import { CRITICAL_FILE_PATTERNS, criticalPathRegexes, isCriticalFile, isCriticalName } from "../../src/engine/approval/rules/critical-files.js";

const NAMES = [
  "package.json", "Package.JSON", "package.json5", "apackage.json", "package-lock.json", "yarn.lock", "bun.lockb", "Cargo.lock",
  "go.sum", "go.sum.txt", ".npmrc", "npmrc", "tsconfig.json", "tsconfig.base.json", "TSCONFIG.Build.JSON", "tsconfig..json",
  "tsconfig.json.bak", "tsconfig-json", ".github", ".GitHub", "github", ".ci", ".circleci", ".husky", ".gitlab-ci.yml",
  "x.gitlab-ci.yml", ".agent.json", ".Agent.Md", ".agent.md.bak", "AGENTS.md", "agents.MD", "AGENTS.md.txt", "src",
  "node_modules", ".git", "README.md", "a b", "workflows", ".agents", ".Agents", "agents", ".agents.bak", ".mcp.json",
  "mcp.json", "CLAUDE.md", "claude.md.txt", ".claude", ".gemini", "GEMINI.md", ".cursor", ".cursorrules", ".vscode",
  ".devcontainer", ".pre-commit-config.yaml", ".yarnrc.yml", ".yarnrc", ".pnpmfile.cjs", "skills", "SKILL.md",
  "lefthook.yml", "Lefthook.TOML", ".lefthook.yaml", "lefthook-local.yml", ".lefthook-local.json", "lefthook", ".lefthook",
  ".lefthook-local", "lefthookyml", ".lintstagedrc", ".lintstagedrc.json", "lintstagedrc", "lint-staged.config.mjs", "lint-staged.js",
];

describe("critical files", () => {
  it("answer as the documented globs do, for every path one to three names deep", () => {
    const globs = picomatch(CRITICAL_FILE_PATTERNS, { dot: true, nocase: true });
    let compared = 0;
    let critical = 0;
    const check = (path: string) => {
      const expected = globs(path);
      expect(isCriticalFile(path), path).toBe(expected);
      compared += 1;
      if (expected) critical += 1;
    };
    for (const a of NAMES) {
      check(a);
      for (const b of NAMES) {
        check(`${a}/${b}`);
        for (const c of ["package.json", "x.yml", ".agent.json", "tsconfig.a.json", "AGENTS.md", "SKILL.md"]) check(`${a}/${b}/${c}`);
      }
    }
    // Both answers occur often enough for the comparison to mean something.
    expect(compared).toBeGreaterThan(20000);
    expect(critical).toBeGreaterThan(1000);
    expect(compared - critical).toBeGreaterThan(1000);
  });

  it("judge a name below a folder that is not critical as the full path check does", () => {
    for (const name of NAMES) {
      for (const folder of ["src", "a/b", ".husky-not", "github"]) expect(isCriticalName(name), name).toBe(isCriticalFile(`${folder}/${name}`));
    }
  });

  it("normalises the path first and never calls a path outside the root critical", () => {
    expect(isCriticalFile("./package.json")).toBe(true);
    expect(isCriticalFile("src//nested\\\\package.json")).toBe(true);
    expect(isCriticalFile(".github/")).toBe(true);
    expect(isCriticalFile("../package.json")).toBe(false);
    expect(isCriticalFile("")).toBe(false);
    expect(isCriticalFile(".")).toBe(false);
  });
});

describe("critical paths as Seatbelt regexes", () => {
  it("match under the root exactly the paths the list names, whatever the case, new ones included", () => {
    const root = "/Users/me/my.project (1)";
    const regexes = criticalPathRegexes(root).map((source) => new RegExp(source));
    // Brackets only: a profile's regex literal is never handed a backslash.
    expect(criticalPathRegexes(root).join("")).not.toContain("\\");
    const matches = (relative: string) => regexes.some((regex) => regex.test(`${root}/${relative}`));
    for (const a of NAMES) {
      for (const b of ["", ...NAMES]) {
        const relative = b ? `${a}/${b}` : a;
        expect(matches(relative), relative).toBe(isCriticalFile(relative));
        expect(matches(relative.toUpperCase()), relative).toBe(isCriticalFile(relative));
      }
    }
    // Another root, or one differing in a character the brackets escape, matches nothing.
    expect(regexes.some((regex) => regex.test("/Users/me/myxproject (1)/package.json"))).toBe(false);
    expect(regexes.some((regex) => regex.test("/elsewhere/package.json"))).toBe(false);
    expect(criticalPathRegexes('/odd/"quoted"')).toEqual([]);
  });
});
