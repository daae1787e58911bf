// Secrets never reach errors, events or logs: every message built from provider text passes
// through here. Providers sometimes echo a (partially masked) key back in their error text.
import { isSecretParameter } from "../../secrets/env-secrets.js";

const KEY_LIKE = /\b((?:sk|rk|pk)-[A-Za-z0-9_*-]{8,})/g;

/** From this length a key shows its last 4 characters: a fifth of it at most. */
const SHOWN_FROM = 20;

/** Shows a key as `sk-…abcd`: enough to tell keys apart, too little to use; a shorter key shows none of its own. */
export function redactKey(key: string): string {
  const trimmed = key.trim();
  const prefix = trimmed.startsWith("sk-") ? "sk-" : "";
  if (trimmed.length < SHOWN_FROM) return trimmed.length <= 8 ? "…" : `${prefix}…`;
  return `${prefix}…${trimmed.slice(-4)}`;
}

export function scrubSecrets(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 6) out = out.split(secret).join(redactKey(secret));
  }
  return out.replace(KEY_LIKE, (match) => redactKey(match));
}

/** A URL with its user and password hidden (`http://…:…@proxy:3128`), and secret-named query values (`?api-key=…`). */
export function redactUrl(url: string): string {
  // String surgery rather than URL: URL would percent-encode the ellipsis.
  return url
    .replace(/^([a-z][a-z0-9+.-]*:\/\/)([^@/]*)@/i, (_all, scheme: string, userinfo: string) => `${scheme}${userinfo.includes(":") ? "…:…" : "…"}@`)
    .replace(/([?&;])([A-Za-z][\w.-]{0,40})=[^&;#\s]*/g, (all, separator: string, name: string) => (isSecretParameter(name) ? `${separator}${name}=…` : all));
}
