// THIRD_PARTY_NOTICES: the name, version, license and license text (and NOTICE file, which
// Apache-2.0 asks to be passed on) of every third-party package a build bundled. Which
// packages those are comes from esbuild's metafile, so the list follows the bundle by itself.
// Written by scripts/bundle.mjs into dist/ (shipped in the npm package) and by
// scripts/dist.mjs beside the standalone binaries.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The last `node_modules/<name>/` of a bundle input (a nested copy is its own package). */
const PACKAGE_DIR = /^(?:[\w-]+:)?(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//;
const LICENSE_FILE = /^(licen[cs]e|copying)(\.(md|txt|markdown))?$/i;
const NOTICE_FILE = /^notice(\.(md|txt))?$/i;

/** MIT's terms, for a package that declares MIT but ships no license file (pi-tui). */
const MIT_TERMS = `Permission is hereby granted, free of charge, to any person obtaining a copy of this software
and associated documentation files (the "Software"), to deal in the Software without
restriction, including without limitation the rights to use, copy, modify, merge, publish,
distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the
Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or
substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING
BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.`;

/** Package folders (relative to `root`) that the bundle inputs come from, sorted. */
export function bundledPackageDirs(inputs, root) {
  const dirs = new Set();
  for (const input of inputs) {
    const match = PACKAGE_DIR.exec(input.split(path.sep).join("/"));
    if (match) dirs.add(path.relative(root, path.resolve(root, match[1])).split(path.sep).join("/"));
  }
  return [...dirs].sort();
}

function readPackage(root, dir) {
  const folder = path.join(root, dir);
  const pkg = JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8"));
  const license = typeof pkg.license === "string" ? pkg.license : (pkg.license?.type ?? "UNKNOWN");
  const files = readdirSync(folder);
  const text = (pattern) => {
    const name = files.find((file) => pattern.test(file));
    return name ? readFileSync(path.join(folder, name), "utf8").trim() : undefined;
  };
  let licenseText = text(LICENSE_FILE);
  if (!licenseText && license === "MIT") {
    const author = typeof pkg.author === "string" ? pkg.author : pkg.author?.name;
    licenseText = `(${pkg.name} ships no license file; its package.json declares MIT${author ? `, author ${author}` : ""}.)\n\n${MIT_TERMS}`;
  }
  if (!licenseText) throw new Error(`third-party notices: ${pkg.name}@${pkg.version} (${dir}) has no license file and declares ${license}; add its terms by hand`);
  return { name: pkg.name, version: pkg.version, license, licenseText, notice: text(NOTICE_FILE) };
}

/** The notices text for the packages the given bundle inputs come from. */
export function noticesFor(inputs, root) {
  const seen = new Set();
  const packages = [];
  for (const dir of bundledPackageDirs(inputs, root)) {
    const pkg = readPackage(root, dir);
    const id = `${pkg.name}@${pkg.version}`;
    if (seen.has(id)) continue;
    seen.add(id);
    packages.push(pkg);
  }
  packages.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const header = [
    "THIRD-PARTY NOTICES",
    "",
    "mini-agent bundles the following third-party packages. Each is used under its own license,",
    "whose text (and NOTICE, where the package has one) follows.",
    "",
    ...packages.map((pkg) => `  ${pkg.name}@${pkg.version} (${pkg.license})`),
    "",
  ];
  const sections = packages.map((pkg) =>
    [`${"=".repeat(78)}`, `${pkg.name}@${pkg.version} (${pkg.license})`, "=".repeat(78), "", pkg.licenseText, ...(pkg.notice ? ["", "NOTICE:", "", pkg.notice] : []), ""].join("\n"),
  );
  return `${[...header, ...sections].join("\n")}\n`;
}

/** Writes the notices for an esbuild metafile (every output's inputs) to `file`. */
export function writeNotices(metafile, root, file) {
  const inputs = Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs));
  writeFileSync(file, noticesFor(inputs, root));
  return file;
}
