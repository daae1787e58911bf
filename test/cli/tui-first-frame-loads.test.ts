// The TUI's first frame (the welcome) must not wait for the engine: everything the launch
// chunk loads before `open()` is its static import closure, so that closure must hold no
// schema library, no provider SDK and no bootstrap (they load after the first frame).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLI } from "../helpers/run-cli.js";

const DIST = path.join(path.dirname(CLI), "..", "dist");

/** The chunk files a module imports statically (`import … from "./x.js"` / `import "./x.js"`). */
function staticImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found = [...text.matchAll(/^(?:import\s[^;]*?from\s|import\s)"(\.\/[^"]+\.js)";/gms)].map((match) => match[1]!);
  return found.map((relative) => path.join(path.dirname(file), relative));
}

function closure(start: string): string[] {
  const seen = new Set<string>([start]);
  const queue = [start];
  while (queue.length > 0) {
    for (const next of staticImports(queue.shift()!)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return [...seen];
}

describe("what loads before the TUI's first frame", () => {
  it("the launch chunk's static closure holds pi-tui and the TUI, but no zod, SDK or bootstrap", () => {
    const bundle = readFileSync(path.join(DIST, "cli.bundle.js"), "utf8");
    const launch = /import\("\.\/chunks\/(launch-[A-Z0-9]+\.js)"\)/.exec(bundle)?.[1];
    expect(launch).toBeDefined();
    const files = closure(path.join(DIST, "chunks", launch!));
    const sources = files.flatMap((file) => [...readFileSync(file, "utf8").matchAll(/^\/\/ ((?:node_modules|src)\/\S+)$/gm)].map((m) => m[1]!));
    expect(sources).toContain("src/tui/components/chrome/welcome.ts");
    expect(sources.some((source) => source.startsWith("node_modules/@mariozechner/pi-tui/"))).toBe(true);
    const heavy = sources.filter((source) =>
      /^node_modules\/(zod|openai|@anthropic-ai|undici|web-tree-sitter|@modelcontextprotocol)\//.test(source) ||
      /^src\/(bootstrap|model-setup|extensions)\.ts$/.test(source) ||
      source.startsWith("src/engine/llm/"),
    );
    expect(heavy).toEqual([]);
    // The engine comes in later, by a dynamic import from the launch chunk.
    expect(readFileSync(path.join(DIST, "chunks", launch!), "utf8")).toMatch(/import\("\.\/bootstrap-[A-Z0-9]+\.js"\)/);
  });
});
