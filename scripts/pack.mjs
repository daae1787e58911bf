// npm run package [-- <folder>]: the npm package as mini-agent-<version>.tgz in the folder npm
// was started in (or the one given). It is packed
// from a staging copy of what npm would pack, with a package.json that has no scripts: they all
// need the repository (prepare builds dist/ from src/, which is not shipped), and a tarball whose
// manifest has `prepare` makes `npm install -g ./mini-agent-*.tgz` warn about an install
// script to allow (and, allowed, run it where scripts/ does not exist).
// `npm pack` in the clone itself stops (the prepack script runs this with --refuse) and says so.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

if (process.argv.includes("--refuse")) {
  console.error("mini-agent: pack with `npm run package`: it ships a package.json without the scripts that need this repository (prepare)");
  process.exit(1);
}

/** npm itself: the one running this script when there is one, else npm on PATH. */
function npm(args, cwd) {
  const cli = process.env.npm_execpath;
  const [command, argv] = cli && /\.c?js$/.test(cli) ? [process.execPath, [cli, ...args]] : ["npm", args];
  return execFileSync(command, argv, { cwd, encoding: "utf8", shell: process.platform === "win32" && command === "npm" });
}

execFileSync(process.execPath, [path.join(root, "scripts/build.mjs"), "--if-stale"], { cwd: root, stdio: "inherit" });
const listed = JSON.parse(npm(["pack", "--dry-run", "--json", "--ignore-scripts"], root));
const staging = mkdtempSync(path.join(os.tmpdir(), "mini-agent-pack-"));
try {
  for (const { path: file } of listed[0].files) {
    mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(staging, file));
  }
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  delete manifest.scripts;
  writeFileSync(path.join(staging, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  // npm runs a script in the package's folder; INIT_CWD is the folder it was started in.
  const given = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
  const destination = path.resolve(process.env.INIT_CWD ?? process.cwd(), given ?? ".");
  const packed = JSON.parse(npm(["pack", staging, "--json", "--ignore-scripts", "--pack-destination", destination], destination));
  console.log(packed[0].filename);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
