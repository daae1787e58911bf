// End-to-end tests run the built CLI (the dist/ bundle), so the suite builds it once first.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { writeStamp } from "../../scripts/build-inputs.mjs";

export default function buildOnce(): void {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const tsc = fileURLToPath(new URL("../../node_modules/typescript/bin/tsc", import.meta.url));
  // From an empty dist/, as npm run build does: a moved source's old output must not linger
  // where a test that imports dist/ would still find it.
  rmSync(new URL("../../dist", import.meta.url), { recursive: true, force: true });
  try {
    execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { cwd: root, stdio: "pipe" });
  } catch (error) {
    // Type errors are the typecheck step's to report; tsc still emitted the JavaScript.
    const output = String((error as { stdout?: Buffer }).stdout ?? "");
    if (!/error TS/.test(output)) throw error;
  }
  // The installed bin runs the bundle; build it from the same sources.
  execFileSync(process.execPath, ["scripts/bundle.mjs"], { cwd: root, stdio: "pipe" });
  // dist/ matches the sources now: npm run demo and npm run package need not build it again.
  writeStamp(root);
}
