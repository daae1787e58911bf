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
//
// The CommonJS files are minified, with their names kept: Node 20 has no compile cache, and
// V8 reads, scans and compiles every loaded file from source on every start (the round trip
// ran ~5% faster). Each has a source map beside it that leads back to src/ (`node
// --enable-source-maps`, docs/adr/0050-minified-bundle-with-source-maps.md).
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
  // Inline, so the CommonJS step below reads it and maps its own output back to src/.
  sourcemap: "inline",
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
  const name = path.basename(file.path);
  const cjs = await transform(file.text, {
    format: "cjs",
    loader: "js",
    platform: "node",
    target: "node20",
    sourcefile: name,
    // import() of a chunk or a package becomes require() behind a promise.
    supported: { "dynamic-import": false },
    ...(usesUrl ? { define: { "import.meta.url": "__miniAgentUrl" }, banner: OWN_URL } : {}),
    minify: true,
    // Functions and classes keep their names: stack traces stay readable, and code that reads
    // a class's name (ours, the SDKs') sees the real one.
    keepNames: true,
    sourcemap: "external",
    // The map names src/ files and lines; the sources themselves are in the repository, not the package.
    sourcesContent: false,
    logLevel: "warning",
  });
  mkdirSync(path.dirname(file.path), { recursive: true });
  writeFileSync(file.path, `${cjs.code}//# sourceMappingURL=${name}.map\n`);
  writeFileSync(`${file.path}.map`, cjs.map);
}
