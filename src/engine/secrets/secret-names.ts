// The names and values of the shapes that find a secret by its name (env-file lines,
// credential lines): a name whose parts say it holds a secret, and a value that could be one.
// Narrow on purpose: a false match puts `[redacted]` in the model's view of ordinary config,
// and the model writes it back into the file (`MAX_TOKENS=[redacted]` in `.env.example`).
//
// Not the same as env-secrets.ts's isSecretName, which decides which variables a command
// never sees and whose values are redacted wherever they appear. That one stays broad (any
// name containing KEY, TOKEN, …): dropping a harmless variable costs little, leaking one a lot.
//
// Regex sources, case-sensitive on purpose: `apiKey` has a part boundary the case shows, and
// `MONKEY` has none. Patterns using them must not take the `i` flag.

/** `word` as a whole part of a name: `api_key`, `API_KEY`, `api-key`, `apiKey`, `ApiKey`, `Api_Key`. */
function wholePart(word: string, endsCompound = false): string {
  const cap = word[0]!.toUpperCase() + word.slice(1);
  const upper = word.toUpperCase();
  // A word that may end a compound (PGPASSWORD, dbpassword) needs no boundary before it.
  const before = endsCompound ? "" : "(?<![A-Za-z])";
  return `(?:${before}(?:${word}|${cap})(?![a-z])|${before}${upper}(?![A-Za-z])|(?<=[a-z0-9])${cap}(?![a-z]))`;
}

/** Words that are a secret's name alone or as any part of one (`token`, `DB_PASS`, `client_secret`). */
const ALONE = ["token", "secret", "pass", "pwd", "credential", "credentials", "passphrase"];
/** Words that end a compound too (`PGPASSWORD`, `dbpasswd`). */
const COMPOUND_END = ["password", "passwd"];
/** A key is a secret only with a qualifier: `SESSION_KEY`, `apiKey`; a bare `key:` is a YAML key/value pair. */
const KEY_COMPOUNDS = ["api", "access", "secret", "private", "signing", "master", "encryption", "session"];
/** Compounds written as one word (`apikey`, `ACCESSTOKEN`). */
const ONE_WORD = [...KEY_COMPOUNDS.map((word) => `${word}key`), ...["api", "access", "auth", "refresh", "bearer", "session"].map((word) => `${word}token`)];

/**
 * Parts after the secret word that make the whole name about a secret, not the secret: where
 * it is or how it is sent (`token_url`, `password_file`, `api_key_header`, `AUTH_METHOD`),
 * what kind it is (`token_type`), when it ends (`token_expiry`).
 */
const DESCRIPTORS_AFTER = [
  "header", "method", "type", "kind", "format", "mode", "url", "uri", "endpoint", "file", "path", "dir", "name", "id",
  "env", "cmd", "command", "helper", "timeout", "ttl", "prompt", "store", "manager", "prefix", "field", "param", "policy",
  "hint", "label", "placeholder", "regex", "pattern", "rotation", "algorithm", "provider", "through", "expiry", "expires",
  "expiration", "expire", "expired", "enabled", "required", "version", "usage",
];
/** Parts anywhere in the name that make it a size or count (`KEY_COUNT`, `TOKEN_LIMIT`, `MAX_TOKEN`), or a public half. */
const DESCRIPTORS_ANYWHERE = ["count", "limit", "limits", "length", "len", "size", "min", "max", "num", "budget", "public"];

const alt = (parts: string[]) => parts.join("|");

/** One whole part that says "secret", with what must stand before it where it needs a qualifier. */
const SECRET_PART = alt([
  ...ALONE.map((word) => wholePart(word)),
  ...COMPOUND_END.map((word) => wholePart(word, true)),
  ...ONE_WORD.map((word) => wholePart(word)),
  `(?<=[A-Za-z0-9][_.-]?)${wholePart("key")}`,
  // `BASIC_AUTH`, `npm_config__auth`, `GITLAB_PAT`: only as the name's last part, after another.
  `(?<=[A-Za-z0-9][_.-]{1,2})(?:auth|AUTH|pat|PAT)(?![\\w.-])`,
  `(?<=[a-z0-9])Auth(?![\\w.-])`,
]);

const AFTER = alt(DESCRIPTORS_AFTER.map((word) => wholePart(word)));
const ANYWHERE = alt(DESCRIPTORS_ANYWHERE.map((word) => wholePart(word)));

/**
 * A secret's name as a regex source: some part says secret and none says it is only about
 * one. Matches the whole name (`[\w.-]`); what may stand before and after is the caller's.
 */
export const SECRET_NAME = String.raw`(?![\w.-]{0,96}?(?:${ANYWHERE}))[\w.-]{0,64}?(?:${SECRET_PART})(?![\w.-]{0,32}?(?:${AFTER}))[\w.-]{0,32}`;

/** The same for env-file and `env` output names: upper-case, digits and `_` only. */
export const ENV_SECRET_NAME = String.raw`(?![A-Z0-9_]{0,96}?(?:${ANYWHERE}))[A-Z0-9_]{0,64}?(?:${SECRET_PART})(?![A-Z0-9_]{0,32}?(?:${AFTER}))[A-Z0-9_]{0,32}`;

/** `word` in any case, for a pattern without the `i` flag. */
function anyCase(word: string): string {
  return [...word].map((ch) => (/[a-z]/.test(ch) ? `[${ch}${ch.toUpperCase()}]` : ch)).join("");
}

const WORDS_SAYING_NOTHING = ["true", "false", "null", "none", "nil", "yes", "no", "on", "off", "undefined", "enabled", "disabled"];

/**
 * A value that is plainly no secret, as a regex source to put in a negative look-ahead with
 * the value's end after it: yes/no words, numbers (`4096`, `1.5`, `30s`, `100k`), a plain word
 * or two in lower case (`high`, `oauth`, `read-only`), a header name (`X-Api-Key`). Mixed case,
 * digits among letters, or three words and more (a passphrase) still count as secret.
 */
const NUMBER_OR_FLAG = alt([...WORDS_SAYING_NOTHING.map(anyCase), String.raw`[-+]?\d{1,12}(?:[.,_]\d{1,12})*(?:[kKmMgG]i?[bB]?|ms|s|m|h|d|%)?`]);
export const PLAIN_VALUE = alt([
  NUMBER_OR_FLAG,
  "[a-z]{1,12}(?:[-_][a-z]{1,12})?",
  "[A-Z][a-z]{0,12}(?:-[A-Z][a-z]{0,12}){1,3}",
]);

const NAME = new RegExp(`^(?:${SECRET_NAME})$`);
const PLAIN = new RegExp(`^(?:${PLAIN_VALUE})$`);
const SAYS_NOTHING = new RegExp(`^(?:${NUMBER_OR_FLAG})$`);

/** Does `name` say it holds a secret (the narrow rule the shapes use)? */
export function looksLikeSecretName(name: string): boolean {
  return NAME.test(name);
}

/** Is `value` plainly no secret (a number, a yes/no word, a plain word)? */
export function isPlainValue(value: string): boolean {
  return PLAIN.test(value);
}

/**
 * Is `value` a number or a yes/no word? Narrower than isPlainValue, for a value we know was
 * given as a secret (a secret-named variable's): `tok-abcdefgh` may be a real one there.
 */
export function isNumberOrFlag(value: string): boolean {
  return SAYS_NOTHING.test(value);
}
