// The TUI's first frame (the welcome) must not wait for the engine: everything the launch
// chunk loads before `open()` is its static import closure, so that closure must hold no
// schema library, no provider SDK and no bootstrap (they load after the first frame).
import { describe, expect, it } from "vitest";
import { BUNDLE, chunkNamed, lazyRequires, sourcesOf, staticClosure } from "../helpers/bundle-graph.js";

describe("what loads before the TUI's first frame", () => {
  it("the launch chunk's static closure holds pi-tui and the TUI, but no zod, SDK or bootstrap", () => {
    const launch = chunkNamed("launch");
    expect(lazyRequires(BUNDLE)).toContain(launch);
    const sources = staticClosure([launch]).flatMap(sourcesOf);
    expect(sources).toContain("src/tui/components/chrome/welcome.ts");
    expect(sources.some((source) => source.startsWith("node_modules/@mariozechner/pi-tui/"))).toBe(true);
    const heavy = sources.filter((source) =>
      /^node_modules\/(zod|openai|@anthropic-ai|undici|web-tree-sitter|@modelcontextprotocol)\//.test(source) ||
      /^src\/(bootstrap|model-setup|extensions)\.ts$/.test(source) ||
      source.startsWith("src/engine/llm/"),
    );
    expect(heavy).toEqual([]);
    // The engine comes in later, by a dynamic import from the launch chunk.
    expect(lazyRequires(launch)).toContain(chunkNamed("bootstrap"));
  });
});
