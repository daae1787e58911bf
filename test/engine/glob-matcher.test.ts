// The glob matcher and the user rules that use it: path patterns match as picomatch does,
// deny beats allow, and a pattern picomatch would refuse is refused when the config is read.
import { describe, expect, it } from "vitest";
import { compileGlob, matchesGlob } from "../../src/engine/tools/search/glob-matcher.js";
import { matchUserRules, validateUserRule } from "../../src/engine/approval/rules/user-rules.js";

const rules = { allow: ["write_file(src/**)", "read_file", "run_command(npm test)"], deny: ["write_file(src/secret/**)"] };

describe("glob matcher", () => {
  it("rejects path patterns picomatch would refuse when the config is read, not when a call is judged", () => {
    expect(validateUserRule("write_file()")).toMatch(/has an empty pattern/);
    expect(validateUserRule("write_file(  )")).toMatch(/has an empty pattern/);
    expect(validateUserRule(`write_file(${"a".repeat(65_537)})`)).toMatch(/not a rule/);
    expect(validateUserRule(`write_file(${"a".repeat(65_536)})`)).toBeUndefined();
    // An empty command pattern is refused too (ADR 0058): the tool's bare name says "every call".
    expect(validateUserRule("run_command()")).toMatch(/has an empty pattern: write run_command for every call of it/);
  });

  it("matches as picomatch does, and user rules with path globs decide by it", () => {
    expect(compileGlob("src/**", { dot: true })("src/a/.env")).toBe(true);
    expect(compileGlob("src/**")("src/a/.env")).toBe(false);
    expect(matchesGlob("README.MD", "*.md", { nocase: true })).toBe(true);
    expect(matchUserRules(rules, "write_file", "src/secret/key.ts")).toBe("deny");
    expect(matchUserRules(rules, "write_file", "src/a/b.ts")).toBe("allow");
    expect(matchUserRules(rules, "write_file", "docs/a.md")).toBeUndefined();
    expect(matchUserRules(rules, "read_file", "anything")).toBe("allow");
    expect(matchUserRules(rules, "run_command", "npm test")).toBe("allow");
    expect(matchUserRules(rules, "edit_file", "src/a.ts")).toBeUndefined();
  });
});
