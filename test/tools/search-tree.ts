// A workspace that exercises every ignore rule, for the walker, glob and grep tests.
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makeTree } from "./tree.js";

export function makeSearchTree(): string {
  const root = makeTree({
    ".gitignore": "*.log\nbuild/\n!keep.log\n/top-only.txt\n",
    ".agentignore": "secret-docs/\n",
    "src/a.ts": "const needle = 1;\nconst other = 2;\n",
    "src/b.tsx": "export const Needle = () => null; // needle\n",
    "src/c.md": "needle in docs\n",
    "sub/.gitignore": "*.tmp\n!important.log\n",
    "sub/x.tmp": "needle tmp\n",
    "sub/important.log": "needle important\n",
    "sub/top-only.txt": "needle not anchored here\n",
    "sub/deeper/.gitignore": "local.txt\n",
    "sub/deeper/local.txt": "needle local\n",
    "sub/deeper/kept.txt": "needle kept\n",
    "debug.log": "needle debug\n",
    "keep.log": "needle keep\n",
    "build/out.js": "needle build\n",
    "build/dist/deep.js": "needle deep build\n",
    "top-only.txt": "needle top\n",
    "excluded.txt": "needle excluded\n",
    "secret-docs/a.md": "needle secret docs\n",
    "node_modules/p/index.js": "needle module\n",
    "node_modules/p/node_modules/q/index.js": "needle nested module\n",
    ".hidden/h.txt": "needle hidden\n",
    "bin.dat": Buffer.concat([Buffer.from("needle\0binary\n"), Buffer.from("needle again\n")]),
    "late-nul.txt": `${"x\n".repeat(5000)}needle before nul\n\0\n`,
    "crlf.txt": "first\r\nneedle crlf\r\nlast needle\r\n",
    "bom.txt": "\uFEFFneedle at start\n",
    ".env": "TOKEN=needle\n",
    "config/.env.local": "needle=1\n",
    "many.txt": Array.from({ length: 250 }, (_, i) => `needle ${i + 1}`).join("\n"),
    "vendor/lib/x.log": "needle nested repo log\n",
    "vendor/lib/ignored-there.txt": "needle nested ignored\n",
    "vendor/lib/.gitignore": "ignored-there.txt\n",
    "unicode.txt": "ünïcödé needle ✓\n",
  });
  execFileSync("git", ["init", "-q"], { cwd: root });
  writeFileSync(path.join(root, ".git/info/exclude"), "excluded.txt\n");
  execFileSync("git", ["init", "-q"], { cwd: path.join(root, "vendor/lib") });
  symlinkSync("src/a.ts", path.join(root, "link-to-a.ts"));
  mkdirSync(path.join(root, "empty-dir"));
  symlinkSync("src", path.join(root, "link-dir"));
  return root;
}

/** What git itself says is not ignored (plus untracked), for cross-checking the walker. */
export function gitVisibleFiles(root: string): string[] {
  const out = execFileSync("git", ["ls-files", "--others", "--cached", "--exclude-standard"], { cwd: root, encoding: "utf8" });
  return out.split("\n").filter(Boolean).sort();
}
