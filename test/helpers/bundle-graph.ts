// The built bundle's chunk graph (scripts/bundle.mjs: CommonJS files made from esbuild's ES
// module chunks, ADR 0031). A chunk another file requires at its top is loaded with it; one
// required behind `Promise.resolve().then(…)` was an import() in the source, loaded later.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { CLI } from "./run-cli.js";

export const DIST = path.join(path.dirname(CLI), "..", "dist");
export const BUNDLE = path.join(DIST, "cli.bundle.cjs");

const resolved = (file: string, relative: string) => path.join(path.dirname(file), relative);

// The bundle is minified (ADR 0050): an import() is `Promise.resolve().then(()=>f(require("./x.cjs")))`
// with the interop helper's name mangled; every other require of a chunk is a static import.
const LAZY = /Promise\.resolve\(\)\.then\(\(\) ?=> ?(?:[\w$]+\()?require\("(\.\.?\/[^"]+\.cjs)"\)/g;
const ANY = /\brequire\("(\.\.?\/[^"]+\.cjs)"\)/g;

/** The chunk files `file` requires as it loads (its static imports). */
export function staticRequires(file: string): string[] {
  const text = readFileSync(file, "utf8").replace(LAZY, "");
  return [...text.matchAll(ANY)].map((match) => resolved(file, match[1]!));
}

/** The chunk files `file` requires later, on demand (its dynamic imports). */
export function lazyRequires(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(LAZY)].map((match) => resolved(file, match[1]!));
}

/** Every file loaded with `starts`: their static requires, transitively. */
export function staticClosure(starts: string[]): string[] {
  const seen = new Set(starts);
  const queue = [...starts];
  while (queue.length > 0) for (const next of staticRequires(queue.shift()!)) if (!seen.has(next)) (seen.add(next), queue.push(next));
  return [...seen];
}

/** The chunk named after an import()ed module (`commands`, `bootstrap`, `launch`, …). */
export function chunkNamed(prefix: string): string {
  const name = readdirSync(path.join(DIST, "chunks")).find((file) => file.startsWith(`${prefix}-`) && file.endsWith(".cjs"));
  expect(name, `a ${prefix} chunk`).toBeDefined();
  return path.join(DIST, "chunks", name!);
}

let sourceMap: Record<string, string[]> | undefined;

/** The source files bundled into `file` (dist/bundle-sources.json, written by scripts/bundle.mjs). */
export function sourcesOf(file: string): string[] {
  sourceMap ??= JSON.parse(readFileSync(path.join(DIST, "bundle-sources.json"), "utf8")) as Record<string, string[]>;
  const key = path.relative(path.join(DIST, ".."), file).split(path.sep).join("/");
  const sources = sourceMap[key];
  if (!sources) throw new Error(`${key} is not a file of the bundle (dist/bundle-sources.json)`);
  return sources;
}
