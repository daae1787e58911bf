// The lowest-precedence credential: the OAuth token Kimi Code CLI stores after `kimi login`.
// We only read it; refreshing is Kimi CLI's job (it rotates the refresh token under a lock).
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface KimiLogin {
  token: string;
  path: string;
}

export type KimiLoginResult = { found: KimiLogin } | { missing: true } | { problem: string };

export function readKimiLogin(kimiHome: string, now: number = Date.now()): KimiLoginResult {
  const path = join(kimiHome, "credentials", "kimi-code.json");
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { missing: true };
    return { problem: `ignored the Kimi Code login in ${path}: it could not be read as JSON` };
  }
  const record = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const token = record["access_token"];
  if (typeof token !== "string" || token === "") return { problem: `ignored the Kimi Code login in ${path}: no access_token` };
  const expiresAt = record["expires_at"];
  // expires_at is in seconds since the epoch; these tokens live about 15 minutes.
  if (typeof expiresAt === "number" && expiresAt * 1000 <= now) {
    return { problem: `ignored the Kimi Code login in ${path}: the token has expired (run kimi to refresh it)` };
  }
  return { found: { token, path } };
}
