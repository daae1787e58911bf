// esbuild plugin for both bundles (scripts/bundle.mjs, scripts/dist.mjs): zod's namespace
// export carries all ~50 of its error-message locales (366 KB, a third of the start-up chunk),
// which every start would compile and run. We only ever use English, the default, so the
// locales index is replaced by one that offers `en` alone (docs/adr/0015-lean-zod-bundle.md).
import path from "node:path";

export const leanZod = {
  name: "lean-zod",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => {
      if (!args.importer.split(path.sep).join("/").includes("/node_modules/zod/")) return undefined;
      return { path: path.join(args.resolveDir, "..", "locales", "en.js"), namespace: "lean-zod" };
    });
    build.onLoad({ filter: /.*/, namespace: "lean-zod" }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: path.dirname(args.path),
    }));
  },
};
