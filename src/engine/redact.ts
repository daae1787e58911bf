// Secrets never reach an event: the bus runs every payload through this before anyone
// (wire, renderer, model history) sees it. Known values (the configured key, secret-named
// environment variables) are replaced exactly; well-known key shapes are caught by pattern.

/**
 * Names of variables that hold a secret: any name containing KEY, TOKEN, SECRET, PASS,
 * CREDENTIAL or AUTH, in any case and position (AZURE_OPENAI_KEY, API_KEY_PROD, DB_PASS,
 * SECRET_KEY_BASE, PGPASSWORD, SSH_AUTH_SOCK). Shared with commandEnvironment()
 * (tools/run-command.ts), so what is redacted by value is also never handed to a command.
 * Over-matching costs a variable a command did not need; under-matching leaks a key.
 */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASS|CREDENTIAL|AUTH|^MYSQL_PWD$|(^|_)PAT$/i;
/** Names that contain those words but hold no secret (KEYBOARD, AUTHOR, PASSTHROUGH). */
const NOT_SECRET = /KEYBOARD|KEYMAP|AUTHOR|PASSTHR/i;
const MIN_SECRET_LENGTH = 8;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name) && !NOT_SECRET.test(name);
}

// Shapes of keys that leak through files and command output: OpenAI/Anthropic/Moonshot/
// OpenRouter style `sk-…`, GitHub classic and fine-grained tokens, AWS access key ids (long-
// and short-term) and a secret key where it is named, Google API keys, Slack, GitLab, npm,
// Hugging Face and Stripe tokens, JWTs, bearer tokens in headers, PEM private keys. Each shape
// has a fixed prefix, so ordinary code (identifiers, `Bearer ${token}`) is left alone.
export const KEY_PATTERNS: readonly [RegExp, string?][] = [
  [/\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}/g],
  [/\bgh[pousr]_[A-Za-z0-9]{30,}/g],
  [/\bgithub_pat_[A-Za-z0-9_]{22,}/g],
  [/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g],
  [/\b(aws_secret_access_key["']?\s*[=:]\s*["']?)[A-Za-z0-9/+]{40}\b/gi, "$1"],
  [/\bAIza[0-9A-Za-z_-]{35}/g],
  [/\bxox[abeprs]-[A-Za-z0-9-]{10,}/g],
  [/\bxapp-[A-Za-z0-9-]{10,}/g],
  [/\bglpat-[A-Za-z0-9_-]{20,}/g],
  [/\bnpm_[A-Za-z0-9]{36}\b/g],
  [/\bhf_[A-Za-z0-9]{30,}\b/g],
  [/\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}/g],
  [/\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g],
  [/\b(Bearer\s+)[A-Za-z0-9._~+/-]{20,}=*/gi, "$1"],
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g],
  // Lines of credential files: ~/.aws/credentials (session tokens have no fixed shape),
  // ~/.npmrc auth tokens, ~/.netrc and ~/.pgpass passwords, .git-credentials URLs.
  [/^(\s*(?:aws_session_token|aws_security_token|aws_secret_access_key|x_security_token)\s*[=:]\s*)\S+/gim, "$1"],
  [/(:_(?:authToken|auth|password)\s*=\s*)\S+/g, "$1"],
  [/(\bmachine\s+\S+(?:\s+login\s+\S+)?\s+password\s+)\S+/g, "$1"],
  [/^([^:\s#]+:(?:\d+|\*):[^:\s]+:[^:\s]+:)\S+$/gm, "$1"],
  [/(\bhttps?:\/\/[^:/\s@]+:)[^@\s]+(?=@)/g, "$1"],
];

/**
 * Text every shape above needs somewhere in a string it can match (case aside), one test
 * instead of twenty passes: most strings (a delta, a path, a file's lines) contain none, and
 * skip the passes and the first-use compile of each pattern. Adding a shape means adding
 * what it needs here; test/engine/redact-prefilter.test.ts holds every shape to it.
 */
const MAY_HOLD_KEY =
  /sk-|gh[pousr]_|github_pat_|AKIA|ASIA|aws_|AIza|xox|xapp-|glpat-|npm_|hf_|k_live_|k_test_|eyJ|bearer|-----BEGIN|_security_token|:_|machine|:(?:\d+|\*):|:\/\//i;

export const REDACTED = "[redacted]";

export interface Redactor {
  (text: string): string;
  /** Length of the longest exact secret value: how much a streaming redactor holds back. */
  longestSecret?: number;
  /** Is `text` the first part of an exact secret value (so a stream must not let it go yet)? */
  beginsSecret?(text: string): boolean;
}

/** Secret values from the environment: variables whose names say they hold one. */
export function secretsFromEnv(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(env)
    .filter(([name, value]) => isSecretName(name) && typeof value === "string" && value.length >= MIN_SECRET_LENGTH)
    .map(([, value]) => value as string);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function createRedactor(secrets: Iterable<string>): Redactor {
  const values = [...new Set([...secrets].filter((secret) => secret.length >= MIN_SECRET_LENGTH))].sort((a, b) => b.length - a.length);
  const exact = values.length > 0 ? new RegExp(values.map(escapeRegExp).join("|"), "g") : undefined;
  const redactor: Redactor = (text) => {
    let out = exact ? text.replace(exact, REDACTED) : text;
    if (!MAY_HOLD_KEY.test(out)) return out;
    for (const [pattern, keep = ""] of KEY_PATTERNS) out = out.replace(pattern, keep + REDACTED);
    return out;
  };
  redactor.longestSecret = values[0]?.length ?? 0;
  redactor.beginsSecret = (text) => text !== "" && values.some((value) => value.startsWith(text));
  return redactor;
}

/** Applies a redactor to every string inside a payload, returning a new object. */
/**
 * Opaque provider blobs (thinking signatures, redacted thinking, image bytes) are passed
 * through untouched: they are base64 that may look like a key by chance, and a changed
 * byte would make the provider reject the next request.
 */
const OPAQUE_FIELDS = new Set(["signature", "data", "base64"]);

export function redactPayload<T>(payload: T, redact: Redactor): T {
  if (typeof payload === "string") return redact(payload) as T;
  if (Array.isArray(payload)) return payload.map((item) => redactPayload(item, redact)) as T;
  if (payload && typeof payload === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(payload)) {
      out[key] = OPAQUE_FIELDS.has(key) && typeof value === "string" ? value : redactPayload(value, redact);
    }
    return out as T;
  }
  return payload;
}
