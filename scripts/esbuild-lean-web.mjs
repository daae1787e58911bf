// esbuild plugin for both bundles (scripts/bundle.mjs, scripts/dist.mjs): the provider SDKs
// use the free identifiers `Headers`, `Response` and `FormData`, Node's globals, whose first
// touch loads Node 20's internal undici bundle (~18 ms a run). In their modules only, they are
// imported from src/engine/llm/lean-web.ts instead; the rest of the process keeps Node's
// globals (docs/adr/0026-lean-web-classes.md). A build that rewrote no SDK module fails: the
// SDKs' layout changed and the plugin would silently do nothing.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const LEAN_WEB = fileURLToPath(new URL("../src/engine/llm/lean-web.ts", import.meta.url));
const SDK_DIR = /[\\/]node_modules[\\/](openai|@anthropic-ai[\\/]sdk)[\\/].*\.m?js$/;
const NAMES = ["Headers", "Response", "FormData"];

/** Comments and string literals blanked, so a name in prose or a message is not a use. */
function codeOnly(source) {
  return source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"/g, " ");
}

/**
 * The names a module uses free: not as a property (`x.Headers`) and not declared by the module
 * itself. Taking a name it does not really use only adds an unused import.
 */
export function freeWebNames(source) {
  const code = codeOnly(source);
  return NAMES.filter((name) => {
    const used = new RegExp(`(?<![.\\w$])${name}(?![\\w$])`).test(code);
    const declared = new RegExp(`\\b(?:class|function|const|let|var)\\s+${name}\\b|\\bimport\\b[^;]*\\b${name}\\b[^;]*\\bfrom\\b`).test(code);
    return used && !declared;
  });
}

export function leanWeb() {
  return {
    name: "lean-web",
    setup(build) {
      let rewritten = 0;
      build.onStart(() => {
        rewritten = 0;
      });
      build.onLoad({ filter: SDK_DIR }, async (args) => {
        const source = await readFile(args.path, "utf8");
        const names = freeWebNames(source);
        if (names.length === 0) return undefined;
        rewritten += 1;
        const esm = args.path.endsWith(".mjs");
        const line = esm
          ? `import { ${names.join(", ")} } from ${JSON.stringify(LEAN_WEB)};\n`
          : `const { ${names.join(", ")} } = require(${JSON.stringify(LEAN_WEB)});\n`;
        return { contents: line + source, loader: "js", resolveDir: path.dirname(args.path) };
      });
      build.onEnd((result) => {
        if (result.errors.length > 0 || rewritten > 0) return undefined;
        return { errors: [{ text: "lean-web: no openai or @anthropic-ai/sdk module uses Headers/Response any more; check the plugin (docs/adr/0026)" }] };
      });
    },
  };
}
