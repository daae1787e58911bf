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

// src/'s own files (the composition root, the options every face shares) are a part like any
// folder: they may not import a folder that imports them. Below src/, a folder's own files and
// its subfolders are one layer (src/engine/*.ts is the protocol's vocabulary every part shares).
const isAncestor = (folder: string, of: string) => folder !== "." && of.startsWith(`${folder}/`);

const files = sourceFiles(SRC);
const edges = files.flatMap((file) => importsOf(file).map((target) => ({ from: file, to: target })));

/**
 * The composition root (ADR 0039): bootstrap.ts and the files it assembles the engine from. Only
 * these reach inside src/engine; config/ reads the engine's setting validators and types for it.
 * bundle-code-cache.ts is the bin's loader, no face: it runs before any engine or face exists.
 */
const COMPOSITION_ROOT = ["bootstrap.ts"];
const inCompositionRoot = (file: string) => {
  const relative = path.relative(SRC, file).split(path.sep).join("/");
  return COMPOSITION_ROOT.includes(relative) || relative.startsWith("composition/") || relative.startsWith("config/");
};
/**
 * The engine's doors: index.ts for faces that drive a session; subcommands.ts for the commands
 * on stored sessions.
 */
const DOORS = ["engine/index.ts", "engine/subcommands.ts"].map((door) => path.join(SRC, door));

describe("import graph", () => {
  it("finds the imports it checks (the parser is not blind)", () => {
    expect(edges.length).toBeGreaterThan(200);
    expect(edges.some((edge) => edge.from.endsWith("bootstrap.ts") && edge.to.endsWith(path.join("engine", "session", "engine-session.ts")))).toBe(true);
  });

  it("nothing in src/engine imports from outside src/engine", () => {
    const engine = path.join(SRC, "engine") + path.sep;
    const outside = edges
      .filter((edge) => edge.from.startsWith(engine) && !edge.to.startsWith(engine))
      .map((edge) => `${path.relative(SRC, edge.from)} → ${path.relative(SRC, edge.to)}`);
    expect(outside).toEqual([]);
  });

  it("faces (TUI, print, rpc, the subcommands) enter the engine only through its doors", () => {
    const engine = path.join(SRC, "engine") + path.sep;
    const faces = files.filter((file) => !file.startsWith(engine) && !inCompositionRoot(file));
    // The check sees the faces it means: the TUI, print mode, the rpc face and the subcommands.
    for (const face of ["tui/launch.ts", "print/run-print.ts", "rpc/run-rpc.ts", "acp/run-acp.ts", "claude-compat/run-claude-stream.ts", "cli/undo-command.ts", "cli/cli.ts"]) {
      expect(faces).toContain(path.join(SRC, face));
    }
    const around = edges
      .filter((edge) => faces.includes(edge.from) && edge.to.startsWith(engine) && !DOORS.includes(edge.to))
      .map((edge) => `${path.relative(SRC, edge.from)} → ${path.relative(SRC, edge.to)}`);
    expect(around).toEqual([]);
    // And the doors are used: print mode through index.ts, undo through subcommands.ts.
    expect(edges.some((edge) => edge.from.endsWith(path.join("print", "run-print.ts")) && edge.to === DOORS[0])).toBe(true);
    expect(edges.some((edge) => edge.from.endsWith("undo-command.ts") && edge.to === DOORS[1])).toBe(true);
    // Session faces stay off the subcommands' door (it loads checkpoints and session-file readers).
    const sessionFaces = faces.filter((file) => /[\\/](tui|print|rpc|acp|claude-compat)[\\/]/.test(file));
    expect(edges.filter((edge) => sessionFaces.includes(edge.from) && edge.to === DOORS[1]).map((edge) => path.relative(SRC, edge.from))).toEqual([]);
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

  it("the layout shows its layers: few loose files at src/ and src/engine/, none over 400 lines unless generated", () => {
    const loose = (dir: string) => readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith(".ts")).map((entry) => entry.name);
    expect(loose(SRC).length, loose(SRC).join(", ")).toBeLessThanOrEqual(3);
    expect(loose(path.join(SRC, "engine")).length, loose(path.join(SRC, "engine")).join(", ")).toBeLessThanOrEqual(8);
    const long = files.filter((file) => !file.endsWith(".generated.ts") && readFileSync(file, "utf8").split("\n").length > 400);
    expect(long.map((file) => path.relative(SRC, file))).toEqual([]);
  });
});
