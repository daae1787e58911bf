// Bundles the CLI into a few CommonJS files (dist/cli.bundle.cjs + dist/chunks/*.cjs). Node
// resolves and loads each module file separately; zod alone is ~95 files, so a bundle
// roughly halves the demo's start-up (docs/adr/0005-bundled-cli.md). Dynamic imports (the
// provider adapters and their SDKs, the TUI, the command policy) stay separate chunks, loaded
// only when used.
//
// esbuild splits code into shared chunks only for ES modules, so the bundle is made as ES
// modules first, in memory, and each file is then rewritten as CommonJS: `import` becomes
// `require`, `import()` becomes a `require` behind a promise. Node 20 loads a CommonJS file
// without its ES module loader (~4 ms to start, and more per file), which is what the demo
// and a resume spend most on (docs/adr/0031-commonjs-bundle.md).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, transform } from "esbuild";
import { leanZod } from "./esbuild-lean-zod.mjs";
import { writeNotices } from "./third-party-notices.mjs";

const dist = new URL("../dist/", import.meta.url);
/** Where a file that asks for import.meta.url finds it: its own path, as an ES module would. */
const OWN_URL = 'const __miniAgentUrl = require("node:url").pathToFileURL(__filename).href;';
// Chunk names carry content hashes: without this, old chunks pile up and get published.
rmSync(new URL("chunks", dist), { recursive: true, force: true });

const esm = await build({
  entryPoints: { "cli.bundle": "src/cli/cli.ts" },
  outdir: "dist",
  // .cjs from the start, so the chunks' references to each other need no rewriting.
  outExtension: { ".js": ".cjs" },
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // Loaded lazily and by Node itself: undici is CommonJS, and mvdan-sh is required on first
  // use through its own code cache (ADR 0004, ADR 0022).
  external: ["undici", "mvdan-sh"],
  plugins: [leanZod],
  // The bundle sits at dist/, not where src/cli/cli.ts's relative package.json path points.
  define: { __MINI_AGENT_VERSION__: JSON.stringify(JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version) },
  write: false,
  metafile: true,
  logLevel: "warning",
});

// Which sources went into which file, for the tests that check what a path loads (the
// CommonJS rewrite drops esbuild's `// src/…` marker comments). Not published.
const outputs = esm.metafile.outputs;
const sources = Object.fromEntries(Object.entries(outputs).map(([file, output]) => [file, Object.keys(output.inputs)]));
writeFileSync(new URL("bundle-sources.json", dist), `${JSON.stringify(sources, null, 1)}\n`);
// The licenses of the packages bundled in, published with the package (undici and mvdan-sh
// stay external: npm installs them with their own license files).
writeNotices(esm.metafile, fileURLToPath(new URL("..", import.meta.url)), fileURLToPath(new URL("THIRD_PARTY_NOTICES", dist)));

for (const file of esm.outputFiles) {
  const usesUrl = file.text.includes("import.meta.url");
  const cjs = await transform(file.text, {
    format: "cjs",
    loader: "js",
    platform: "node",
    target: "node20",
    sourcefile: path.basename(file.path),
    // import() of a chunk or a package becomes require() behind a promise.
    supported: { "dynamic-import": false },
    ...(usesUrl ? { define: { "import.meta.url": "__miniAgentUrl" }, banner: OWN_URL } : {}),
    logLevel: "warning",
  });
  mkdirSync(path.dirname(file.path), { recursive: true });
  writeFileSync(file.path, cjs.code);
}
