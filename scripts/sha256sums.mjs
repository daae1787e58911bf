// Writes SHA256SUMS for every mini-agent-* binary in a folder, in the format `sha256sum -c`
// and install.sh read: "<hex>  <name>". The release workflow runs it over all platforms'
// binaries at once: `node scripts/sha256sums.mjs <folder>`.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export function writeChecksums(dir) {
  const names = readdirSync(dir).filter((name) => name.startsWith("mini-agent-")).sort();
  if (names.length === 0) throw new Error(`no mini-agent-* binaries in ${dir}`);
  const lines = names.map((name) => `${createHash("sha256").update(readFileSync(path.join(dir, name))).digest("hex")}  ${name}\n`);
  const file = path.join(dir, "SHA256SUMS");
  writeFileSync(file, lines.join(""));
  return file;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: node scripts/sha256sums.mjs <folder>");
    process.exit(2);
  }
  try {
    console.log(writeChecksums(dir));
  } catch (error) {
    console.error(`sha256sums.mjs: ${error.message}`);
    process.exit(1);
  }
}
