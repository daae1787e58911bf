// Secrets never reach an event: the bus runs every payload through this before anyone
// (wire, renderer, model history) sees it. Known values (the configured key, secret-named
// environment variables) are replaced exactly; well-known key shapes are caught by pattern.

const SECRET_NAME = /(^|_)(API_?KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?)$/i;
const MIN_SECRET_LENGTH = 8;

// Shapes of keys that leak through files and command output: OpenAI/Anthropic/Moonshot
// style `sk-…`, GitHub tokens, AWS access key ids, Slack tokens, PEM private keys.
const KEY_PATTERNS: RegExp[] = [
  /\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{30,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
];

export const REDACTED = "[redacted]";

export type Redactor = (text: string) => string;

/** Secret values from the environment: variables whose names say they hold one. */
export function secretsFromEnv(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(env)
    .filter(([name, value]) => SECRET_NAME.test(name) && typeof value === "string" && value.length >= MIN_SECRET_LENGTH)
    .map(([, value]) => value as string);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function createRedactor(secrets: Iterable<string>): Redactor {
  const values = [...new Set([...secrets].filter((secret) => secret.length >= MIN_SECRET_LENGTH))].sort((a, b) => b.length - a.length);
  const exact = values.length > 0 ? new RegExp(values.map(escapeRegExp).join("|"), "g") : undefined;
  return (text) => {
    let out = exact ? text.replace(exact, REDACTED) : text;
    for (const pattern of KEY_PATTERNS) out = out.replace(pattern, REDACTED);
    return out;
  };
}

/** Applies a redactor to every string inside a payload, returning a new object. */
export function redactPayload<T>(payload: T, redact: Redactor): T {
  if (typeof payload === "string") return redact(payload) as T;
  if (Array.isArray(payload)) return payload.map((item) => redactPayload(item, redact)) as T;
  if (payload && typeof payload === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(payload)) out[key] = redactPayload(value, redact);
    return out as T;
  }
  return payload;
}
