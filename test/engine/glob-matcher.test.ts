// The glob matcher fails closed: before loadGlobMatcher() a glob test throws (never "no
// match"), and so does a user rule whose path glob is tested. Each test file runs in its own
// module graph, and this one imports nothing that loads the matcher at import (the command
// policy's modules do), so the first tests see it unloaded.
import { describe, expect, it } from "vitest";
import { compileGlob, globMatcherLoaded, loadGlobMatcher, matchesGlob } from "../../src/engine/glob-matcher.js";
import { matchUserRules, rulesNeedGlobs, validateUserRule } from "../../src/engine/approval/user-rules.js";

const rules = { allow: ["write_file(src/**)", "read_file", "run_command(npm test)"], deny: ["write_file(src/secret/**)"] };

describe("glob matcher", () => {
  it("throws on any glob before it is loaded, and user rules with a glob for the tool do too", () => {
    expect(globMatcherLoaded()).toBe(false);
    expect(() => compileGlob("*.ts")).toThrow(/"\*\.ts" was matched before the glob matcher was loaded/);
    expect(() => matchesGlob("a.ts", "*.ts")).toThrow(/before the glob matcher was loaded/);
    // A deny rule must never read as "no match" because the matcher is missing.
    expect(() => matchUserRules(rules, "write_file", "src/secret/key.ts")).toThrow(/"src\/secret\/\*\*" was matched before/);
    // Rules without a path glob for the tool need no matcher.
    expect(matchUserRules(rules, "read_file", "anything")).toBe("allow");
    expect(matchUserRules(rules, "run_command", "npm test")).toBe("allow");
    expect(matchUserRules(rules, "edit_file", "src/a.ts")).toBeUndefined();
    // Validation needs no matcher either.
    expect(validateUserRule("write_file(src/**)")).toBeUndefined();
    expect(globMatcherLoaded()).toBe(false);
  });

  it("says which tools' calls need it", () => {
    expect(rulesNeedGlobs(rules, "write_file")).toBe(true);
    expect(rulesNeedGlobs(rules, "read_file")).toBe(false);
    expect(rulesNeedGlobs(rules, "run_command")).toBe(false);
    expect(rulesNeedGlobs({ deny: ["edit_file(*.lock)"] }, "edit_file")).toBe(true);
    expect(rulesNeedGlobs(undefined, "write_file")).toBe(false);
  });

  it("rejects path patterns picomatch would refuse when the config is read, not when a call is judged", () => {
    expect(validateUserRule("write_file()")).toMatch(/not a rule/);
    expect(validateUserRule("write_file(  )")).toMatch(/not a rule/);
    expect(validateUserRule(`write_file(${"a".repeat(65_537)})`)).toMatch(/not a rule/);
    expect(validateUserRule(`write_file(${"a".repeat(65_536)})`)).toBeUndefined();
    // A command pattern is no glob: an empty one stays a rule, as before.
    expect(validateUserRule("run_command()")).toBeUndefined();
  });

  it("once loaded, matches as picomatch does", async () => {
    await loadGlobMatcher();
    await loadGlobMatcher(); // a second call resolves at once
    expect(globMatcherLoaded()).toBe(true);
    expect(compileGlob("src/**", { dot: true })("src/a/.env")).toBe(true);
    expect(compileGlob("src/**")("src/a/.env")).toBe(false);
    expect(matchesGlob("README.MD", "*.md", { nocase: true })).toBe(true);
    expect(matchUserRules(rules, "write_file", "src/secret/key.ts")).toBe("deny");
    expect(matchUserRules(rules, "write_file", "src/a/b.ts")).toBe("allow");
    expect(matchUserRules(rules, "write_file", "docs/a.md")).toBeUndefined();
  });
});
