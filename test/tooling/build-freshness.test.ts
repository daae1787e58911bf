// Setting up from a clone builds once: npm install builds dist/ (prepare), and npm run demo
// and npm run package find it built from the very same inputs and do not rebuild.
// The stamp is a hash of the inputs' bytes: a changed byte makes dist/ stale, a touched file
// does not.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { inputsHash, isFresh, writeStamp } from "../../scripts/build-inputs.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };

describe("building only when the sources changed", () => {
  it("prepare and demo build only when stale; after the suite's build, --if-stale does nothing", () => {
    expect(pkg.scripts["prepare"]).toBe("node scripts/build.mjs --if-stale");
    expect(pkg.scripts["demo"]).toMatch(/^node scripts\/build\.mjs --if-stale && /);
    const bundle = path.join(ROOT, "dist", "cli.bundle.cjs");
    const before = statSync(bundle).mtimeMs;
    const said = execFileSync(process.execPath, ["scripts/build.mjs", "--if-stale"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    expect(said).toBe("");
    expect(statSync(bundle).mtimeMs).toBe(before);
  });

  it("a changed byte in an input makes dist/ stale; a touched file does not", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "build-inputs-"));
    mkdirSync(path.join(root, "src", "tui"), { recursive: true });
    mkdirSync(path.join(root, "dist"));
    writeFileSync(path.join(root, "src", "tui", "app.ts"), "export const a = 1;\n");
    cpSync(path.join(ROOT, "package.json"), path.join(root, "package.json"));
    writeFileSync(path.join(root, "dist", "cli.bundle.cjs"), "built\n");
    expect(isFresh(root)).toBe(false);
    writeStamp(root);
    expect(isFresh(root)).toBe(true);
    const hash = inputsHash(root);
    utimesSync(path.join(root, "src", "tui", "app.ts"), new Date(), new Date(Date.now() + 60_000));
    expect(isFresh(root)).toBe(true);
    writeFileSync(path.join(root, "src", "tui", "app.ts"), "export const a = 2;\n");
    expect(inputsHash(root)).not.toBe(hash);
    expect(isFresh(root)).toBe(false);
    writeFileSync(path.join(root, "src", "tui", "new.ts"), "");
    writeStamp(root);
    expect(isFresh(root)).toBe(true);
  });
});
