// scripts/esbuild-lean-web.mjs: which free names of an SDK module it takes over, that it
// rewrites the SDKs' modules and nothing else, and that a build in which it rewrote no SDK
// module fails instead of silently shipping Node's globals to the SDKs (ADR 0026).
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs build script without type declarations
import { freeWebNames, leanWeb } from "../../scripts/esbuild-lean-web.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const names = freeWebNames as (source: string) => string[];

async function bundle(entry: string): Promise<{ text: string; errors: string[] }> {
  try {
    const result = await build({
      stdin: { contents: entry, resolveDir: root, loader: "js" },
      bundle: true,
      write: false,
      format: "esm",
      platform: "node",
      plugins: [leanWeb()],
      logLevel: "silent",
    });
    return { text: result.outputFiles[0]!.text, errors: [] };
  } catch (error) {
    return { text: "", errors: (error as { errors: { text: string }[] }).errors.map((e) => e.text) };
  }
}

describe("the lean-web esbuild plugin", () => {
  it("takes the names a module uses free, not properties, comments, strings or its own bindings", () => {
    expect(names("if (h instanceof Headers) return new Response(b);")).toEqual(["Headers", "Response"]);
    expect(names("x = body instanceof FormData;")).toEqual(["FormData"]);
    expect(names("globalThis.Headers; a.Response; // Headers\n/* new Response */ 'Headers' + \"FormData\"")).toEqual([]);
    expect(names("class Response {}\nnew Headers();")).toEqual(["Headers"]);
    expect(names("const Headers = 1; let FormData; function Response() {}")).toEqual([]);
    expect(names("import { Headers } from 'x';\nHeaders;")).toEqual([]);
    expect(names("getPlatformHeaders(); APIResponse; Headers2;")).toEqual([]);
  });

  it("gives an SDK module our classes and leaves other modules Node's", async () => {
    const out = await bundle(
      `import { buildHeaders } from ${JSON.stringify(path.join(root, "node_modules", "openai", "internal", "headers.mjs"))};
       export const sdk = buildHeaders([{ "X-A": "1" }]).values;
       export const mine = new Headers();`,
    );
    expect(out.errors).toEqual([]);
    expect(out.text).toContain("// src/engine/llm/lean-headers.ts");
    expect(out.text).toMatch(/const targetHeaders = new LeanHeaders\(\)/);
    expect(out.text).toMatch(/var mine = new Headers\(\)/);
  });

  it("fails a build in which no SDK module was rewritten", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "lean-web-"));
    writeFileSync(path.join(dir, "plain.mjs"), "export const h = new Headers();\n");
    const out = await bundle(`export * from ${JSON.stringify(path.join(dir, "plain.mjs"))};`);
    expect(out.errors.join("\n")).toMatch(/lean-web: no openai or @anthropic-ai\/sdk module uses Headers\/Response/);
  });
});
