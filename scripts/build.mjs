// npm run build: the TypeScript build (dist/*.js), then the bundle (scripts/bundle.mjs), then
// the stamp of what it was built from (scripts/build-inputs.mjs). With --if-stale (prepare,
// npm run demo, npm run package) nothing is rebuilt when dist/ was built from these very
// inputs: setting up from a clone builds once, not three times.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { isFresh, writeStamp } from "./build-inputs.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

if (process.argv.includes("--if-stale") && isFresh(root)) {
  console.error("dist/ is up to date with the sources; not rebuilt (npm run build forces it)");
} else {
  // From an empty dist/: a source moved or deleted must not leave its old output behind, where
  // the tests and benches that import dist/ would still find it (and pass on one machine only).
  rmSync(new URL("../dist", import.meta.url), { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  for (const step of [[tsc, "-p", "tsconfig.build.json"], ["scripts/bundle.mjs"]]) {
    const run = spawnSync(process.execPath, step, { cwd: root, stdio: "inherit" });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
  writeStamp(root);
}
