// esbuild plugin for the ES module bundle (scripts/bundle.mjs; the standalone binary's bundle is
// CommonJS and requires built-ins anyway): a Node built-in that
// a bundled module imports (`import { spawn } from "node:child_process"`) is taken with
// require() instead. An ES module import of a built-in makes Node build a facade that reads
// every export once, and that runs the module's lazy getters (node:crypto loads WebCrypto,
// node:fs its streams, node:net BlockList): ~2.5 ms of start-up for things we never use
// (docs/adr/0024-start-up-and-resume.md). require() reads nothing until our code does.
export const builtinsRequire = {
  name: "builtins-require",
  setup(build) {
    build.onResolve({ filter: /^node:/ }, (args) => {
      // Only static imports; the require() in the module below, and dynamic imports, stay external.
      if (args.kind !== "import-statement") return undefined;
      return { path: args.path, namespace: "builtin-require" };
    });
    build.onLoad({ filter: /.*/, namespace: "builtin-require" }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: "js",
    }));
  },
};
