// Secret values the environment holds: variables whose names say they hold one, and the
// passwords inside URL-valued variables (DATABASE_URL=postgres://u:pass@h/db: the name says
// nothing, the URL does). Pure: the caller passes the environment.
import { isNumberOrFlag } from "./secret-names.js";

/**
 * Names of variables that hold a secret: any name containing KEY, TOKEN, SECRET, PASS,
 * CREDENTIAL, AUTH, SESSION, COOKIE, JWT, WEBHOOK, SIGNING or CONNECTION_STRING, in any case
 * and position (AZURE_OPENAI_KEY, API_KEY_PROD, DB_PASS, SECRET_KEY_BASE, PGPASSWORD,
 * SSH_AUTH_SOCK, BW_SESSION, OP_SESSION_acme, SESSION_COOKIE, SLACK_WEBHOOK_URL). Shared with
 * commandEnvironment() (tools/command/run-command.ts), so what is redacted by value is also
 * never handed to a command. Over-matching costs a variable a command did not need;
 * under-matching leaks a key.
 *
 * The broad one of two predicates: the shapes that find a secret by its name in text
 * (secret-names.ts, looksLikeSecretName) are narrow, since there a false match mangles what
 * the model reads (`MAX_TOKENS=[redacted]`), while here it only drops a variable.
 */
const SECRET_WORDS = ["KEY", "TOKEN", "SECRET", "PASS", "CREDENTIAL", "AUTH", "SESSION", "COOKIE", "JWT", "WEBHOOK", "SIGNING", "CONNECTION_STRING"];
/**
 * Words that say secret only as a whole `_`-separated part: inside a word they mean something
 * else (GOPRIVATE is Go's list of private modules; PATH, DSNAME). SENTRY_DSN, PRIVATE_PEM,
 * GITLAB_PAT, VAULT_ROLE_ID.
 */
const SECRET_PARTS = ["PRIVATE", "DSN", "PAT", "ROLE_ID"];
/** Parts that say secret only after another part: PWD alone is the shell's folder (DOCKER_PW, MYSQL_PWD, CONNECT_SID). */
const SECRET_LAST_PARTS = ["PW", "PWD", "SID"];
/**
 * Words that contain those but hold no secret (KEYBOARD, AUTHOR, PASSTHROUGH; git's
 * GIT_CONFIG_KEY_n names a config key, and without it GIT_CONFIG_COUNT breaks every git).
 */
const NOT_SECRET_WORDS = ["KEYBOARD", "KEYMAP", "AUTHOR", "PASSTHR", "GIT_CONFIG_KEY_"];
/**
 * Whole names that hold no secret though a word says so: the desktop's and the terminal's
 * session (D-Bus needs its address; the rest are ids every desktop sets), Oracle's instance.
 */
const HARMLESS_NAMES = [
  "XDG_SESSION_TYPE", "XDG_SESSION_ID", "XDG_SESSION_CLASS", "XDG_SESSION_DESKTOP", "XDG_SESSION_PATH",
  "DBUS_SESSION_BUS_ADDRESS", "SESSION_MANAGER", "DESKTOP_SESSION", "GDMSESSION", "SESSIONNAME",
  "TERM_SESSION_ID", "ITERM_SESSION_ID", "WT_SESSION", "KONSOLE_DBUS_SESSION", "ORACLE_SID",
];
const SECRET_NAME = new RegExp(
  `${SECRET_WORDS.join("|")}|(^|_)(${SECRET_PARTS.join("|")})(_|$)|_(${SECRET_LAST_PARTS.join("|")})(_|$)`,
  "i",
);
const NOT_SECRET = new RegExp(`${NOT_SECRET_WORDS.join("|")}|^(${HARMLESS_NAMES.join("|")})$`, "i");

/** The bash `case` patterns of a whole part: alone (when it may be), first, last, in the middle. */
const partGlobs = (part: string, alone: boolean) => [...(alone ? [part, `${part}_*`] : []), `*_${part}`, `*_${part}_*`];

/**
 * A bash line that unsets the same names (bash 3.1+, so macOS's too). A login shell reads the
 * user's profile after we cleaned the environment, and a profile that exports a token would
 * put it back; this line runs after the profile, before the command.
 */
export const UNSET_SECRET_NAMES_BASH =
  "shopt -s nocasematch; for __n in $(compgen -e); do case $__n in " +
  `${[...NOT_SECRET_WORDS.map((word) => `*${word}*`), ...HARMLESS_NAMES].join("|")}) ;; ` +
  `${[...SECRET_WORDS.map((word) => `*${word}*`), ...SECRET_PARTS.flatMap((part) => partGlobs(part, true)), ...SECRET_LAST_PARTS.flatMap((part) => partGlobs(part, false))].join("|")}) unset "$__n" ;; esac; done; unset __n; shopt -u nocasematch`;

/**
 * Shorter values are not redacted by value: a 4-letter password would blank that word in
 * every file and every answer. Their shapes (a URL's password, a credential line) still are.
 */
export const MIN_SECRET_LENGTH = 8;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name) && !NOT_SECRET.test(name);
}

/** `scheme://user:pass@`, with the password as written (and, if it differs, percent-decoded). */
const URL_PASSWORD = /\b[A-Za-z][A-Za-z0-9+.-]{0,30}:\/\/[^\s:/?#@]*:([^\s/?#]+)@/g;
/** A parameter in a URL's query (`?api-key=…`) or a connection string (`;AccountKey=…`). */
const QUERY_PARAMETER = /[?&;]([A-Za-z][\w.-]{0,40})=([^&;\s#"']+)/g;

/**
 * Whether a query or connection-string parameter holds a secret by its name: a secret-named
 * one (`api-key`, `token`, `AccountKey`, `password`) or a password's or signature's short name.
 */
export function isSecretParameter(name: string): boolean {
  return isSecretName(name) || /^(?:pwd|passwd|sig|signature)$/i.test(name);
}

/**
 * Passwords and keys written inside URLs and connection strings anywhere in `text`: a URL's
 * password, and secret-named parameters' values (a gateway's `?api-key=…`, `;Password=…`).
 */
export function urlPasswords(text: string): string[] {
  const found: string[] = [];
  const matches = [
    ...[...text.matchAll(URL_PASSWORD)].map((match) => match[1]!),
    ...[...text.matchAll(QUERY_PARAMETER)].filter((match) => isSecretParameter(match[1]!) && !isNumberOrFlag(match[2]!)).map((match) => match[2]!),
  ];
  for (const raw of matches) {
    found.push(raw);
    try {
      const decoded = decodeURIComponent(raw);
      if (decoded !== raw) found.push(decoded);
    } catch {
      // Not valid percent-encoding: the raw form is all there is.
    }
  }
  return found;
}

/**
 * Secret values from the environment: the values of secret-named variables, and the
 * passwords inside any variable's URLs or connection strings.
 */
export function secretsFromEnv(env: NodeJS.ProcessEnv): string[] {
  const values: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (typeof value !== "string") continue;
    // A number or yes/no word (`TOKEN_LIMIT=100000000`, `AUTH_ENABLED=disabled`) would blank it everywhere.
    if (isSecretName(name) && value.length >= MIN_SECRET_LENGTH && !isNumberOrFlag(value)) values.push(value);
    if (value.includes("://") || /pass|pwd/i.test(value)) values.push(...urlPasswords(value).filter((secret) => secret.length >= MIN_SECRET_LENGTH));
  }
  return [...new Set(values)];
}

/** What a configured server carries: its environment (stdio) or its request headers and URL (HTTP). */
export interface ServerSetting {
  env?: Record<string, string>;
  headers?: Record<string, string>;
  url?: string;
}

/** Headers that carry a credential whatever their value looks like. */
const CREDENTIAL_HEADER = /^(?:proxy-)?authorization$|^cookie$/i;

/**
 * Secret values configured for extension servers (MCP), so a server that echoes one (an error
 * quoting its token) is redacted like the provider key: values of secret-named env entries,
 * credential headers' values (`Authorization`, `X-Api-Key`, `*-Token`) and, for a scheme
 * (`Bearer …`), the credential alone too; a URL's password.
 */
export function secretsFromSettings(settings: Iterable<ServerSetting>): string[] {
  const values: string[] = [];
  const add = (value: string) => {
    if (value.length >= MIN_SECRET_LENGTH && !isNumberOrFlag(value)) values.push(value);
  };
  for (const setting of settings) {
    for (const [name, value] of Object.entries(setting.env ?? {})) {
      if (isSecretName(name)) add(value);
      values.push(...urlPasswords(value).filter((secret) => secret.length >= MIN_SECRET_LENGTH));
    }
    for (const [name, value] of Object.entries(setting.headers ?? {})) {
      if (!isSecretName(name) && !CREDENTIAL_HEADER.test(name)) continue;
      add(value.trim());
      const scheme = /^[A-Za-z][\w-]*\s+(\S+)$/.exec(value.trim());
      if (scheme) add(scheme[1]!);
    }
    if (setting.url) values.push(...urlPasswords(setting.url).filter((secret) => secret.length >= MIN_SECRET_LENGTH));
  }
  return [...new Set(values)];
}
