// The dependency rules, checked on the source: nothing in src/engine imports outside it, and
// no two folders import each other (directly or round a longer loop). A folder and its own
// parent are one layer (src/engine/*.ts holds the protocol the subfolders share and the loop
// that uses them), so edges between a folder and an ancestor are not counted as folder edges.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../src", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

/** Relative imports (static, `import type`, re-exports and dynamic) as absolute .ts paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g)].map((match) => match[1]!);
  return specifiers.map((specifier) => path.resolve(path.dirname(file), specifier.replace(/\.js$/, ".ts")));
}

const folderOf = (file: string) => path.relative(SRC, path.dirname(file)).split(path.sep).join("/") || ".";

const isAncestor = (folder: string, of: string) => folder === "." || of.startsWith(`${folder}/`);

const files = sourceFiles(SRC);
const edges = files.flatMap((file) => importsOf(file).map((target) => ({ from: file, to: target })));

describe("import graph", () => {
  it("finds the imports it checks (the parser is not blind)", () => {
    expect(edges.length).toBeGreaterThan(200);
    expect(edges.some((edge) => edge.from.endsWith("bootstrap.ts") && edge.to.endsWith(path.join("engine", "engine-session.ts")))).toBe(true);
  });

  it("nothing in src/engine imports from outside src/engine", () => {
    const engine = path.join(SRC, "engine") + path.sep;
    const outside = edges
      .filter((edge) => edge.from.startsWith(engine) && !edge.to.startsWith(engine))
      .map((edge) => `${path.relative(SRC, edge.from)} → ${path.relative(SRC, edge.to)}`);
    expect(outside).toEqual([]);
  });

  it("no import cycle between folders", () => {
    const graph = new Map<string, Set<string>>();
    for (const { from, to } of edges) {
      const a = folderOf(from);
      const b = folderOf(to);
      if (a === b || isAncestor(a, b) || isAncestor(b, a)) continue;
      if (!graph.has(a)) graph.set(a, new Set());
      graph.get(a)!.add(b);
    }
    const cycles: string[] = [];
    const state = new Map<string, "active" | "done">();
    const stack: string[] = [];
    const visit = (node: string) => {
      state.set(node, "active");
      stack.push(node);
      for (const next of graph.get(node) ?? []) {
        if (state.get(next) === "active") cycles.push([...stack.slice(stack.indexOf(next)), next].join(" → "));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(node, "done");
    };
    for (const node of graph.keys()) if (!state.has(node)) visit(node);
    expect(cycles).toEqual([]);
    // The check sees sibling edges at all: config → engine/llm is one the code has.
    expect(graph.get("config")?.has("engine/llm")).toBe(true);
  });
});
