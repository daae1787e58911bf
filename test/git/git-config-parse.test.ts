// The git config reader sees what git sees: every spelling that makes git run a program is
// read as that key, and what git would refuse to read is an error, not a silent pass.
import { describe, expect, it } from "vitest";
import { GitConfigSyntaxError, parseGitConfig } from "../../src/engine/git/git-config-parse.js";

const keys = (text: string) => parseGitConfig(text).map((entry) => `${entry.key}=${entry.value}`);

describe("parseGitConfig", () => {
  it("reads a key on the section header's line, any case, any spacing", () => {
    for (const text of ["[core] fsmonitor = ./evil", "[core]fsmonitor=./evil", "[CORE]\n\tFsMonitor = ./evil\n", "[core] ; c\n fsmonitor=./evil # note"]) {
      expect(keys(text), text).toEqual(["core.fsmonitor=./evil"]);
    }
  });

  it("reads subsections in both spellings, keeping the subsection's case", () => {
    expect(keys('[filter "Evil"]\n\tclean = run me\n')).toEqual(["filter.Evil.clean=run me"]);
    expect(keys("[filter.evil] smudge = x")).toEqual(["filter.evil.smudge=x"]);
    expect(keys('[includeIf "gitdir:~/w/"]\n\tpath = ../cfg\n')).toEqual(["includeif.gitdir:~/w/.path=../cfg"]);
  });

  it("reads quotes, escapes, continuation lines, bare keys and CRLF as git does", () => {
    expect(keys('[core]\r\n\tpager = "less # not a comment" ; a comment\r\n')).toEqual(["core.pager=less # not a comment"]);
    expect(keys("[core]\n\tpager = le\\\nss\n")).toEqual(["core.pager=less"]);
    expect(keys("[core]\n\tbare\n\teditor = vi\n")).toEqual(["core.bare=true", "core.editor=vi"]);
    expect(keys('[alias]\n\tx = "!sh -c \\"id\\""\n')).toEqual(['alias.x=!sh -c "id"']);
  });

  it("throws on what git would refuse, so a check never reads past it", () => {
    for (const text of ["fsmonitor = x", "[core\nfsmonitor = x", '[core]\n\tpager = "open', "[core]\n\tpager = \\q"]) {
      expect(() => parseGitConfig(text), text).toThrow(GitConfigSyntaxError);
    }
  });
});
