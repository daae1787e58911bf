// The project trust record: a cloned repository's settings that move data or widen power apply
// only after the user trusted that project once (asked in the TUI, `--trust-project`
// headless; ADR 0033). Trust is recorded per workspace in the agent home together with a
// digest of what was trusted: when the project changes those settings or the files they run
// (a pull, a new branch, a command the agent ran), it must be trusted again.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

interface TrustRecord {
  digest: string;
  at: string;
}

type TrustFile = Record<string, TrustRecord>;

export function trustFile(home: string): string {
  return path.join(home, "trusted-projects.json");
}

/** A stable digest of what trust covers (key order does not matter). */
export function trustDigest(sections: Record<string, unknown>): string {
  return createHash("sha256").update(canonical(sections)).digest("hex");
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function read(home: string): TrustFile {
  try {
    const parsed = JSON.parse(readFileSync(trustFile(home), "utf8")) as unknown;
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as TrustFile) : {};
  } catch {
    // Missing or damaged: nothing is trusted, which is the safe reading.
    return {};
  }
}

export type TrustState = "trusted" | "untrusted" | "changed";

export function projectTrust(home: string, workspace: string, digest: string): TrustState {
  const record = read(home)[path.resolve(workspace)];
  if (!record) return "untrusted";
  return record.digest === digest ? "trusted" : "changed";
}

export function trustProject(home: string, workspace: string, digest: string, now = new Date()): void {
  const records = read(home);
  records[path.resolve(workspace)] = { digest, at: now.toISOString() };
  mkdirSync(home, { recursive: true, mode: 0o700 });
  // Written aside and renamed, so a crash never leaves a half-written trust file.
  const temp = `${trustFile(home)}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(temp, `${JSON.stringify(records, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, trustFile(home));
}
