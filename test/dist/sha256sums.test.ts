// scripts/sha256sums.mjs, the one SHA256SUMS writer for `npm run dist` and the release job.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SCRIPT = fileURLToPath(new URL("../../scripts/sha256sums.mjs", import.meta.url));
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("sha256sums.mjs", () => {
  it("lists every mini-agent-* file, sorted, as `sha256sum -c` reads them, and nothing else", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "mini-agent-sums-"));
    writeFileSync(path.join(dir, "mini-agent-win-x64.exe"), "win");
    writeFileSync(path.join(dir, "mini-agent-darwin-arm64"), "mac");
    writeFileSync(path.join(dir, "notes.txt"), "not a binary");
    const run = spawnSync(process.execPath, [SCRIPT, dir], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(path.join(dir, "SHA256SUMS"), "utf8")).toBe(
      `${sha256("mac")}  mini-agent-darwin-arm64\n${sha256("win")}  mini-agent-win-x64.exe\n`,
    );
  });

  it("fails naming the folder when it holds no binary (exit 1), and without a folder (exit 2)", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "mini-agent-sums-"));
    const empty = spawnSync(process.execPath, [SCRIPT, dir], { encoding: "utf8" });
    expect(empty.status).toBe(1);
    expect(empty.stderr).toBe(`sha256sums.mjs: no mini-agent-* binaries in ${dir}\n`);
    const usage = spawnSync(process.execPath, [SCRIPT], { encoding: "utf8" });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("usage: node scripts/sha256sums.mjs <folder>");
  });
});
