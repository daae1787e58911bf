import { describe, expect, it } from "vitest";
import { requiredLiteral } from "../../src/engine/tools/search/regex-literal.js";
import { createGrepTool } from "../../src/engine/tools/search/grep.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { makeSearchTree } from "./search-tree.js";
import { run, tempDir } from "./tree.js";

describe("requiredLiteral", () => {
  it("finds the longest literal every match must contain", () => {
    expect(requiredLiteral("createTwoFilesPatch", "")).toBe("createTwoFilesPatch");
    expect(requiredLiteral("function\\s+\\w+Error\\b", "")).toBe("function");
    expect(requiredLiteral("foo\\.bar\\(", "")).toBe("foo.bar(");
    expect(requiredLiteral("colou?r-scheme", "")).toBe("r-scheme");
    expect(requiredLiteral("abcd*ef", "")).toBe("abc");
    expect(requiredLiteral("xy+zzz", "")).toBe("zzz");
    expect(requiredLiteral("ab{2}cdef", "")).toBe("cdef");
    expect(requiredLiteral("^import .* from [\"']react", "")).toBe("import ");
    expect(requiredLiteral("(?<=const )needle", "")).toBe("needle");
  });

  it("gives up rather than guess", () => {
    for (const pattern of ["foo|bar", "a.b", "\\x41BC", "\\u0041BC", "(foo)\\1", "[abc]+", "(?:needle)", "ab"]) {
      expect([pattern, requiredLiteral(pattern, "")]).toEqual([pattern, undefined]);
    }
    expect(requiredLiteral("needle", "i")).toBeUndefined();
  });
});

describe("grep fallback search paths", () => {
  it("finds the same lines with the literal shortcut as by testing every line", async () => {
    const root = makeSearchTree();
    const tool = createGrepTool({ jail: createJail(root, { home: tempDir() }), ripgrep: null });
    const pairs = [
      ["needle", "(?:needle)"],
      ["needle \\d+0$", "(?:needle) \\d+0$"],
      ["needle at start", "(?:needle) at start"], // the BOM line
      ["last needle", "(?:last) needle"], // a CRLF line
    ];
    for (const [withLiteral, without] of pairs) {
      const [a, b] = [await run(tool, { pattern: withLiteral }), await run(tool, { pattern: without })];
      expect(a.content).toBe(b.content);
    }
  });
});
