import path from "node:path";
import { describe, expect, it } from "vitest";
import { findRipgrep } from "../../src/engine/tools/search/grep-rg.js";
import { createGrepTool } from "../../src/engine/tools/search/grep.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { systemTools } from "../helpers/system-tools.js";
import { makeSearchTree } from "./search-tree.js";
import { makeTree, run, runError, tempDir } from "./tree.js";

const rg = findRipgrep();
// Without rg the comparisons skip, and the run's output says so and how to install it.
const hasRg = systemTools().ripgrep.available;

function tools(root: string) {
  const jail = createJail(root, { home: tempDir() });
  return { fallback: createGrepTool({ jail, ripgrep: null }), ripgrep: rg ? createGrepTool({ jail, ripgrep: rg }) : undefined };
}

const QUERIES: Record<string, unknown>[] = [
  { pattern: "needle" },
  { pattern: "NEEDLE", ignore_case: true },
  { pattern: "^needle$" },
  { pattern: "needle\\s*$" },
  { pattern: "needle (\\d+)0$" },
  { pattern: "needle", include: "*.ts" },
  { pattern: "needle", include: "*.{ts,tsx}" },
  { pattern: "needle", include: "src/*.tsx" },
  { pattern: "needle", include: "*.log" },
  { pattern: "needle", path: "sub" },
  { pattern: "needle", path: "sub/deeper" },
  { pattern: "needle", path: "build" },
  { pattern: "needle", path: "node_modules" },
  { pattern: "needle", path: "src/a.ts" },
  { pattern: "needle", path: "bin.dat" },
  { pattern: "needle", path: "debug.log" },
  { pattern: "needle", path: "vendor" },
  { pattern: "needle", include_ignored: true },
  { pattern: "needle", include_ignored: true, include: "*.js" },
  { pattern: "ünïcödé" },
  { pattern: "(?<=const )needle" }, // lookbehind: rg refuses it, so both run the fallback
  { pattern: "no-such-text-anywhere" },
];

describe("grep", () => {
  it("finds hits as path:line: text, sorted, honouring every ignore rule", async () => {
    const root = makeSearchTree();
    const { content } = await run(tools(root).fallback, { pattern: "needle" });
    const lines = content.split("\n");
    expect(lines.slice(0, 4)).toEqual([".hidden/h.txt:1: needle hidden", "bom.txt:1: needle at start", "crlf.txt:2: needle crlf", "crlf.txt:3: last needle"]);
    expect(content).toContain("keep.log:1: needle keep");
    expect(content).toContain("late-nul.txt:5001: needle before nul");
    const sub = (await run(tools(root).fallback, { pattern: "needle", path: "sub" })).content;
    expect(sub).toBe("sub/deeper/kept.txt:1: needle kept\nsub/important.log:1: needle important\nsub/top-only.txt:1: needle not anchored here");
    const vendor = (await run(tools(root).fallback, { pattern: "needle", path: "vendor" })).content;
    expect(vendor).toBe("vendor/lib/x.log:1: needle nested repo log"); // a nested repository has its own rules
    for (const hidden of ["debug.log", "build/", "top-only.txt:", "excluded.txt", "secret-docs", "node_modules", "sub/x.tmp", "local.txt", "bin.dat", ".env", "link-", "ignored-there"]) {
      expect(lines.filter((l) => l.startsWith(hidden))).toEqual([]);
    }
    expect(content).toMatch(/\[200 of 2\d\d matches shown — narrow the pattern, path or include\]$/);
  });

  it("caps at 200 hits with a note, keeping the first by path and line", async () => {
    const root = makeTree({ "a.txt": Array.from({ length: 300 }, (_, i) => `hit ${i + 1}`).join("\n") });
    const { content } = await run(tools(root).fallback, { pattern: "hit" });
    const lines = content.split("\n");
    expect(lines[0]).toBe("a.txt:1: hit 1");
    expect(lines[199]).toBe("a.txt:200: hit 200");
    expect(lines.at(-1)).toBe("[200 of 300 matches shown — narrow the pattern, path or include]");
  });

  it("reports invalid patterns, missing paths and escapes as tool errors", async () => {
    const root = makeSearchTree();
    const { fallback } = tools(root);
    expect(await runError(fallback, { pattern: "(" })).toMatch(/invalid regular expression/);
    expect(await runError(fallback, { pattern: "x", path: "missing" })).toMatch(/does not exist/);
    expect(await runError(fallback, { pattern: "x", path: "../" })).toMatch(/outside/);
    expect(await runError(fallback, { pattern: "x", path: ".env" })).toMatch(/secrets/);
    expect((await run(fallback, { pattern: "needle", path: "empty-dir" })).content).toBe('No matches for "needle".');
  });

  it("cuts long matching lines", async () => {
    const root = makeTree({ "min.js": `${"a".repeat(1000)}needle${"b".repeat(1000)}\n` });
    const { content } = await run(tools(root).fallback, { pattern: "needle" });
    expect(content).toMatch(/^min\.js:1: a{300}… \[1706 more characters\]$/);
  });

  it("credits hits to the file that holds them when a name holds a newline, and prints such names quoted (both backends)", async () => {
    const root = makeTree({ "src/main.ts": "clean\n", "evil\nsrc/main.ts": "needle here\n", "ok.ts": "needle too\n" });
    for (const tool of Object.values(tools(root)).filter(Boolean)) {
      const { content } = await run(tool!, { pattern: "needle" });
      expect(content).toBe('"evil\\nsrc/main.ts":1: needle here\nok.ts:1: needle too');
    }
  });

  it("keeps at most 4096 bytes of a matched line, in both backends alike", async () => {
    const root = makeTree({ "min.js": `needle${"é".repeat(5000)}\n`, "short.js": `x needle${"b".repeat(500)}\n` });
    const outputs = await Promise.all(Object.values(tools(root)).filter(Boolean).map(async (tool) => (await run(tool!, { pattern: "needle" })).content));
    expect(outputs[0]).toBe(`min.js:1: needle${"é".repeat(294)}… [line longer than 4096 bytes, cut]\nshort.js:1: x needle${"b".repeat(292)}… [208 more characters]`);
    for (const output of outputs) expect(output).toBe(outputs[0]);
  });

  it("the fallback streams a large file: a line too long to hold is passed over with a note, the rest is searched", async () => {
    const root = makeTree({ "dump.txt": `needle${"a".repeat(17 * 1024 * 1024)}\nneedle again\n${"c\n".repeat(10)}needle last` });
    const { content } = await run(tools(root).fallback, { pattern: "needle" });
    expect(content).toBe("dump.txt:2: needle again\ndump.txt:13: needle last\n\n[dump.txt:1: longer than 16777216 bytes, not searched]");
  });

  it.skipIf(!hasRg)("a lookaround pattern that backtracks without end is a tool error from rg's PCRE2, not a hung process (needs rg on PATH)", async () => {
    // JavaScript's engine ran this on the main thread for as long as it took (minutes, deaf to
    // SIGTERM); PCRE2's match limit ends it at once.
    const root = makeTree({ "long.txt": `${"a".repeat(50_000)}!\n`, "ok.txt": "const needle\n" });
    const { ripgrep } = tools(root);
    expect(await runError(ripgrep!, { pattern: "(?=x?)(a+)+$" })).toMatch(/backtracks too much to finish/);
    // Lookaround that finishes still answers, through the same engine.
    expect((await run(ripgrep!, { pattern: "(?<=const )needle" })).content).toBe("ok.txt:1: const needle");
  });

  it.skipIf(!hasRg)("gives identical output with ripgrep and with the fallback (needs rg on PATH)", async () => {
    const root = makeSearchTree();
    const { fallback, ripgrep } = tools(root);
    for (const query of QUERIES) {
      const [ours, theirs] = [await run(fallback, query), await run(ripgrep!, query)];
      expect({ query, content: theirs.content }).toEqual({ query, content: ours.content });
    }
  });

  it.skipIf(!hasRg)("ripgrep and fallback agree on a workspace nested in a parent repository (needs rg on PATH)", async () => {
    const root = makeSearchTree();
    const inner = path.join(root, "sub");
    const jail = createJail(inner, { home: tempDir() });
    const a = await run(createGrepTool({ jail, ripgrep: null }), { pattern: "needle" });
    const b = await run(createGrepTool({ jail, ripgrep: rg! }), { pattern: "needle" });
    expect(b.content).toBe(a.content);
    expect(a.content).not.toContain("x.tmp");
  });
});
