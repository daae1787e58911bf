// The bundle is minified (ADR 0050); each file has a source map beside it that leads a
// position in the minified code back to its line in src/ (for `node --enable-source-maps`,
// and for reading a user's stack trace). Not published: the package holds only the .cjs files.
import { readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUNDLE, chunkNamed } from "../helpers/bundle-graph.js";

/** Where `needle` first occurs in `file`, mapped back through `file`'s source map. */
function origin(file: string, needle: string): { source: string; line: number } {
  const text = readFileSync(file, "utf8");
  const at = text.indexOf(needle);
  expect(at, `${needle} in ${file}`).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, at).split("\n");
  const map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8")));
  const entry = map.findEntry(before.length - 1, before.at(-1)!.length) as { originalSource: string; originalLine: number };
  return { source: path.resolve(path.dirname(file), entry.originalSource), line: entry.originalLine + 1 };
}

/** The 1-based line of `needle` in a source file. */
function lineOf(source: string, needle: string): number {
  return readFileSync(source, "utf8").split("\n").findIndex((line) => line.includes(needle)) + 1;
}

describe("the bundle's source maps", () => {
  it("lead a message in the entry and in a chunk back to the line in src/ that writes it", () => {
    const root = path.resolve(path.dirname(BUNDLE), "..");
    const cli = path.join(root, "src/cli/cli.ts");
    const needle = "no task given (stdin was empty";
    expect(origin(BUNDLE, needle)).toEqual({ source: cli, line: lineOf(cli, needle) });
    const sse = path.join(root, "src/engine/llm/transport/sse-parser.ts");
    const idle = "(idle-stream timeout)";
    const mapped = origin(chunkNamed("create-provider"), idle);
    expect(mapped).toEqual({ source: sse, line: lineOf(sse, idle) });
  });
});
