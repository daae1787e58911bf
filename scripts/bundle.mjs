// Bundles the CLI into a few ES module files (dist/cli.bundle.js + dist/chunks/). Node
// resolves and links each module file separately; zod alone is ~95 files, so a bundle
// roughly halves the demo's start-up (docs/adr/0005-bundled-cli.md). Dynamic imports (the
// provider adapters and their SDKs) stay separate chunks, loaded only when used.
import { rmSync } from "node:fs";
import { build } from "esbuild";
import { leanWeb } from "./esbuild-lean-web.mjs";
import { leanZod } from "./esbuild-lean-zod.mjs";

// Chunk names carry content hashes: without this, old chunks pile up and get published.
rmSync(new URL("../dist/chunks", import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: { "cli.bundle": "src/cli.ts" },
  outdir: "dist",
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // Loaded lazily and by Node itself: undici is CommonJS whose named exports only Node's
  // loader provides to import(); mvdan-sh is required on first use (ADR 0004).
  external: ["undici", "mvdan-sh"],
  // Bundled CommonJS dependencies (ignore, picomatch) call require() for Node built-ins.
  banner: { js: "import { createRequire as __miniAgentRequire } from 'node:module'; const require = __miniAgentRequire(import.meta.url);" },
  plugins: [leanZod, leanWeb()],
  logLevel: "warning",
});
