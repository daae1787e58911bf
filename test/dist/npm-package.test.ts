// What `npm i -g mini-agent` gets: the published files are only what runs (the bin and the
// bundle), and the runtime dependencies are exactly the packages the bundle leaves outside.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, symlinkSync } from "node:fs";
import { builtinModules } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { chatText, startScriptedServer } from "../helpers/fake-openai-server.js";
import { cliEnv, collect, makeSandbox } from "../helpers/run-cli.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> };

/** `npm pack --dry-run`, without scripts: prepare would rebuild dist/ under the other tests (and prepack stops a plain pack). */
function packedFiles(): string[] {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const out = execFileSync(npm, ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: root, encoding: "utf8", shell: process.platform === "win32" });
  return (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((file) => file.path);
}

/** Bare package names the bundle imports or requires at run time (Node built-ins aside). */
function bundleImports(): Set<string> {
  const files = ["dist/cli.bundle.cjs", ...readdirSync(path.join(root, "dist/chunks")).filter((name) => name.endsWith(".cjs")).map((name) => `dist/chunks/${name}`)];
  const names = new Set<string>();
  // esbuild's output forms (ADR 0031: ES module chunks rewritten as CommonJS): `require("x")`,
  // and `import … from "x";` / `import("x")` should an ES module file ever come back.
  // A require right after a quote is text, not a call: ajv's code generator (bundled with the
  // MCP SDK) holds strings such as 'require("ajv/dist/runtime/uri").default'.
  // The bundle is minified (ADR 0050): a require made with createRequire gets a short local
  // name, so the shell parser's `require.resolve("mvdan-sh")` is `e.resolve("mvdan-sh")`.
  const specifier = /^import\b[^;\n]*?\bfrom\s*"([^"./][^"]*)";|\bimport\("([^"./][^"]*)"\)|(?<![`'"])\brequire\w*\("([^"./][^"]*)"\)|(?<![`'"\w$.])(?!Promise\b)[\w$]+\.resolve\("([^"./][^"]*)"\)/gm;
  for (const file of files) {
    for (const match of readFileSync(path.join(root, file), "utf8").matchAll(specifier)) {
      const spec = match[1] ?? match[2] ?? match[3] ?? match[4];
      if (!/^(@[\w.-]+\/)?[\w.-]+(\/[\w./-]*)?$/.test(spec!) || spec!.startsWith("node:")) continue;
      const name = spec!.split("/").slice(0, spec!.startsWith("@") ? 2 : 1).join("/");
      if (!builtinModules.includes(name)) names.add(name);
    }
  }
  return names;
}

describe("the npm package", () => {
  it("publishes the bin, the bundle and its chunks, the third-party notices, and no tests, sources or maps", () => {
    const files = packedFiles();
    expect(files).toEqual(expect.arrayContaining(["bin/mini-agent.cjs", "dist/cli.bundle.cjs", "dist/THIRD_PARTY_NOTICES", "package.json", "README.md"]));
    expect(files.some((file) => file.startsWith("dist/chunks/"))).toBe(true);
    const extra = files.filter((file) => !/^(bin\/mini-agent\.cjs|dist\/cli\.bundle\.cjs|dist\/THIRD_PARTY_NOTICES|dist\/chunks\/[\w-]+\.cjs|package\.json|README\.md|LICENSE)$/.test(file));
    expect(extra).toEqual([]);
  });

  it("depends on exactly the packages the bundle leaves outside; the rest is bundled", () => {
    const imported = [...bundleImports()].sort();
    expect(imported.length).toBeGreaterThan(0);
    // A package listed here but bundled only costs every installer a download (move it to
    // devDependencies); one imported but not listed breaks `npm i -g` (add it).
    expect(Object.keys(pkg.dependencies).sort()).toEqual(imported);
  });

  it("runs from the packed files with only its runtime dependencies installed", async () => {
    // An install as npm lays it out: the packed files, and node_modules with the dependencies.
    const install = realpathSync(mkdtempSync(path.join(os.tmpdir(), "mini-agent-packed-")));
    for (const file of packedFiles()) {
      mkdirSync(path.dirname(path.join(install, file)), { recursive: true });
      cpSync(path.join(root, file), path.join(install, file));
    }
    for (const name of Object.keys(pkg.dependencies)) {
      mkdirSync(path.dirname(path.join(install, "node_modules", name)), { recursive: true });
      symlinkSync(path.join(root, "node_modules", name), path.join(install, "node_modules", name), "junction");
    }
    const server = await startScriptedServer([chatText("checking")]);
    try {
      const box = makeSandbox();
      const env = cliEnv({ MINI_AGENT_HOME: box.home, OPENAI_API_KEY: "sk-pack-test-key-00001111222233334444", OPENAI_BASE_URL: `${server.url}/v1` });
      const run = await collect(spawn(process.execPath, [path.join(install, "bin/mini-agent.cjs"), "-p", "hi", "--provider", "openai"], { cwd: box.workspace, env }));
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("checking");
      // The shell parser (mvdan-sh, outside the bundle) loads from the installed dependencies.
      const script = box.script({ turns: [{ tool_calls: [{ name: "run_command", arguments: { command: "echo packed > out.txt" } }] }, { text: "done" }] });
      const shell = await collect(
        spawn(process.execPath, [path.join(install, "bin/mini-agent.cjs"), "-p", "go", "--yes"], { cwd: box.workspace, env: cliEnv({ MINI_AGENT_HOME: box.home, FAKE_LLM: script }) }),
      );
      expect(shell.code, shell.stderr).toBe(0);
      expect(readFileSync(path.join(box.workspace, "out.txt"), "utf8").trim()).toBe("packed");
    } finally {
      await server.close();
    }
  });
});
