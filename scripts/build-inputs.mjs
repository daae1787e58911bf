// What dist/ is built from, and the stamp saying dist/ was built from these very files: a
// SHA-256 over the path and bytes of every input (the sources, the build scripts, the
// TypeScript settings, the package manifest and lockfile, which pin tsc and esbuild). A build
// records it; `scripts/build.mjs --if-stale` (prepare, npm run demo, npm run package) then skips a
// build that would make the same dist/. Contents, not times: a checkout or a copy that
// changes no byte keeps dist/ fresh, and any changed byte makes it stale.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const INPUT_DIRS = ["src"];
const INPUT_FILES = [
  "scripts/build.mjs",
  "scripts/build-inputs.mjs",
  "scripts/bundle.mjs",
  "scripts/esbuild-lean-zod.mjs",
  "scripts/third-party-notices.mjs",
  "tsconfig.json",
  "tsconfig.build.json",
  "package.json",
  "package-lock.json",
];
/** Built last: dist/ without it is a build that did not finish. */
const OUTPUT = "dist/cli.bundle.cjs";
export const STAMP = "dist/build-inputs.sha256";

function filesUnder(root, dir) {
  const out = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesUnder(root, relative));
    else if (entry.isFile()) out.push(relative);
  }
  return out;
}

export function inputsHash(root) {
  const files = [...INPUT_DIRS.flatMap((dir) => filesUnder(root, dir)), ...INPUT_FILES.filter((file) => existsSync(path.join(root, file)))].sort();
  const hash = createHash("sha256");
  for (const file of files) {
    const bytes = readFileSync(path.join(root, file));
    hash.update(`${file}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  return hash.digest("hex");
}

export function isFresh(root) {
  const stamp = path.join(root, STAMP);
  if (!existsSync(path.join(root, OUTPUT)) || !existsSync(stamp)) return false;
  return readFileSync(stamp, "utf8").trim() === inputsHash(root);
}

/** Called once a build has finished: dist/ now matches the inputs as they are. */
export function writeStamp(root) {
  writeFileSync(path.join(root, STAMP), `${inputsHash(root)}\n`);
}
