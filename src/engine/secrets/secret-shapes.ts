// Shapes of secrets: what a key or a credential-file line looks like, so it is redacted even
// when its value is known to nobody. Pure data; the redactor (redact.ts) applies it and the
// streaming redactor (stream-redactor.ts) uses OPEN_CONTEXT to know what to hold back.
// A line of a unified diff (`+`, `-` or ` ` before it) is redacted as the line without it.
import { ENV_SECRET_NAME, PLAIN_VALUE, SECRET_NAME } from "./secret-names.js";

/**
 * What may stand before a credential-file line, so a line-start anchor still holds when the
 * line is shown numbered: grep's `file:3:` / `file-3-` / `3:`, cat -n's, nl's and read_file's
 * `     3\t`, a diff's `+`/`-`, indentation, an opening quote.
 */
const LINE_PREFIX = String.raw`[-+]?(?:[^\s:]{0,256}[:-])?(?:[ \t]{0,16}\d{1,9}(?:[:\t-]| {1,16}))?[ \t"']{0,16}`;

/** Between two tokens of a netrc entry: whitespace, maybe a line-number prefix (`\n  2\t`). */
const NETRC_GAP = String.raw`\s{1,16}(?:\d{1,9}[:\t]\s{0,16})?`;

/** Base64 of "PRIVATE KE" at each of the three alignments (see secrets/value-forms.ts). */
const B64_PRIVATE_KE = "UFJJVkFURSBLRV|BSSVZBVEUgS0VZ|QUklWQVRFIEtFW";

/** JSON keys of credential files (service-account keys, OAuth tokens, docker's config.json) and API configs. */
const JSON_SECRET_KEY =
  "private_key_id|client[_-]?secret|refresh[_-]?token|access[_-]?token|id_token|identitytoken|registrytoken|auth|password|passwd|passphrase|" +
  "secret_access_key|session_token|api[_-]?key|x-api-key|secret[_-]?key|secret|token|auth[_-]?token|private[_-]?token|access[_-]?key";

/** The value of a secret-named line is left alone when it is plainly none: `MAX_TOKENS=4096`, `token_budget: high`. */
const NOT_PLAIN = (end: string) => String.raw`(?!(?:${PLAIN_VALUE})${end})`;

/**
 * A credential name as config files spell it (`password`, `db_pass`, `secret_key`,
 * `proxyPassword`, rclone's `pass`; secret-names.ts says which), never the shell's working
 * folder (`PWD=/home/x` in `env` output).
 */
const CRED_LINE_NAME = String.raw`(?!PWD=\/)(?=[\w.-]{1,96}[ \t]{0,16}[=:])${SECRET_NAME}`;

/**
 * A credential line's plain value, up to the line's end: no spaces, no code (calls, indexing,
 * statements, `${…}`, `%(…)`), not a URL (its password has its own shape), not a plain
 * value (a number, a yes/no word, a plain word).
 */
const CRED_LINE_VALUE = String.raw`(?![$%{<(\[])${NOT_PLAIN(String.raw`["']?\s*$`)}(?![\w+.-]*:\/\/)[^\s"'\\\`;,(){}\[\]<>]{3,512}(?=["']?[ \t]*$)`;

/**
 * Each shape with, where it has one, the text kept before the secret (`$1`). Every shape has
 * a fixed prefix or a named context, so ordinary code (identifiers, `Bearer ${token}`) is
 * left alone. The context before a value is bounded (`\s{0,16}`, `\S{1,256}`) so the streaming
 * redactor knows how far back a value's context can start.
 */
export const KEY_PATTERNS: readonly [RegExp, string?][] = [
  // OpenAI/Anthropic/Moonshot/OpenRouter, GitHub classic and fine-grained, AWS key ids.
  // (A run of 20 after up to three short parts, as keys have: `sk-ant-api03-…`,
  // `sk-or-v1-…`; not a slug like `sk-learn-0123456789-classifier`.)
  [/\bsk-(?:[A-Za-z0-9]{1,12}-){0,3}[A-Za-z0-9_]{20,}[A-Za-z0-9_-]*/g],
  [/\bgh[pousr]_[A-Za-z0-9]{30,}/g],
  [/\bgithub_pat_[A-Za-z0-9_]{22,}/g],
  [/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g],
  // An AWS secret key after its name: in a credentials file, an SDK's config (`secretAccessKey: '…'`),
  // `aws configure set aws_secret_access_key …`.
  [/\b((?:aws_?)?secret_?access_?key["']?(?:\s{0,16}[=:]\s{0,16}|[ \t]{1,16})["']?)[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/gi, "$1"],
  // Google API keys, Slack, GitLab, npm, Hugging Face, Stripe, JWTs, bearer tokens.
  [/\bAIza[0-9A-Za-z_-]{35}/g],
  [/\bxox[abeprs]-[A-Za-z0-9-]{10,}/g],
  [/\bxapp-[A-Za-z0-9-]{10,}/g],
  [/\bglpat-[A-Za-z0-9_-]{20,}/g],
  [/\bnpm_[A-Za-z0-9]{36}\b/g],
  [/\bhf_[A-Za-z0-9]{30,}\b/g],
  [/\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}/g],
  [/\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g],
  [/\b(Bearer\s{1,16})[A-Za-z0-9._~+/-]{20,}=*/gi, "$1"],
  // HTTP basic credentials (base64 of user:password) in an Authorization header.
  [/(\bAuthorization["']?\s{0,16}[:=]\s{0,16}["']?Basic\s{1,16})[A-Za-z0-9+/]{8,}={0,2}/gi, "$1"],
  // An Authorization header of any other scheme (git's `http.extraHeader = Authorization: token …`,
  // `Digest`, a vendor's own): the value after the scheme, unless it is a variable or a placeholder.
  [/(\bAuthorization["']?\s{0,16}[:=]\s{0,16}["']?[A-Za-z][A-Za-z0-9_-]{0,30}[ \t]{1,16})(?![$<{%[])[^\s"',;]{8,512}/gi, "$1"],
  // Fixed-prefix tokens of other services: SendGrid, DigitalOcean, Shopify, HashiCorp Vault,
  // PyPI, Databricks, Postman, Linear, Grafana, xAI, Groq, Replicate, Tavily, age keys, Google
  // OAuth access and refresh tokens.
  [/\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b/g],
  [/\bdo[opr]_v1_[a-f0-9]{64}\b/g],
  [/\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b/g],
  [/\bhv[sb]\.[A-Za-z0-9_-]{24,}/g],
  [/\bpypi-AgE[A-Za-z0-9_-]{50,}/g],
  [/\bdapi[a-f0-9]{32}(?:-\d)?\b/g],
  [/\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b/g],
  [/\blin_api_[A-Za-z0-9]{40,}/g],
  [/\bgl(?:sa|c)_[A-Za-z0-9_+/=-]{32,}/g],
  [/\b(?:xai-|gsk_)[A-Za-z0-9]{40,}/g],
  [/\br8_[A-Za-z0-9]{30,}/g],
  [/\btvly-[A-Za-z0-9-]{20,}/g],
  [/\bAGE-SECRET-KEY-1[0-9A-Z]{50,}/g],
  [/\bya29\.[0-9A-Za-z_-]{20,}/g],
  [/(?<![\w/])1\/\/0[0-9A-Za-z_-]{30,}/g],
  // Webhook URLs are their own secret (Slack, Discord): the path's last part.
  [/(\bhooks\.slack\.com\/(?:services|workflows|triggers)\/(?:[A-Za-z0-9]+\/){1,3})[A-Za-z0-9]{16,}/g, "$1"],
  [/(\bdiscord(?:app)?\.com\/api\/webhooks\/\d{5,30}\/)[A-Za-z0-9_-]{40,}/g, "$1"],
  // Azure: a storage or service-bus connection string's key, and a SAS URL's signature.
  [/(\b(?:AccountKey|SharedAccessKey)=)[A-Za-z0-9+/]{16,}={0,2}/g, "$1"],
  [/([?&]sig=)[A-Za-z0-9%+/=]{16,}/g, "$1"],
  // A PEM private key (also inside a JSON string, `\n` escaped): the whole block, or, cut short
  // (head, a line or hit cut), from BEGIN to where its base64 ends.
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----(?:[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----|(?:[A-Za-z0-9+/=\s:,.-]|\\[nr])*)/g],
  // A block whose BEGIN line was cut off (`tail`, `sed -n 2,$p`): from the header's end, and
  // base64 lines that end at an END line (cut short too: `-----END RSA PRIV`).
  [/(PRIVATE KEY-----)(?:[ \t]*(?:\r?\n|\\[nr])[- ]?)+(?:[A-Za-z0-9+/=]|\r?\n(?:[- ](?=[A-Za-z0-9+/=]))?|\\[nr]){16,}/g, "$1"],
  // (From a run's start only: tried inside a long base64 run, it would backtrack over the run
  // from every position.)
  [/(?<![A-Za-z0-9+/=])[A-Za-z0-9+/=]{40,}[ \t]*(?:\r?\n|\\[nr])(?:[- ]?[A-Za-z0-9+/=]{40,}[ \t]*(?:\r?\n|\\[nr]))*(?=[-+ ]?-----END [A-Z ]*PRIV)/g],
  // The same, base64-encoded (kubeconfig's client-key-data), on one line or wrapped (`base64 -w 60`).
  [new RegExp(String.raw`\bLS0tLS1CRUdJTi[A-Za-z0-9+/]{0,40}?(?:${B64_PRIVATE_KE})[A-Za-z0-9+/]*(?:\r?\n[A-Za-z0-9+/]{4,}={0,2}(?=\r?\n))*={0,2}`, "g")],
  // Lines of credential files, wherever the line starts: ~/.aws/credentials (session tokens
  // have no fixed shape), npm's and yarn's auth tokens, netrc/authinfo passwords (an entry may
  // span lines), pgpass lines.
  [/(?<!\w)((?:aws_session_token|aws_security_token|aws_secret_access_key|x_security_token)["']?\s{0,16}[=:]\s{0,16}["']?)[^\s"',]+/gi, "$1"],
  [/(:_(?:authToken|auth|password)\s{0,16}=\s{0,16}["']?)[^\s"']+/g, "$1"],
  [/(\bnpmAuth(?:Token|Ident)["']?\s{0,16}:\s{0,16}["']?)[^\s"']+/g, "$1"],
  [new RegExp(String.raw`(\b(?:machine\s{1,16}\S{1,256}|default)(?:${NETRC_GAP}(?:login|account|port)\s{1,16}\S{1,256}){0,3}${NETRC_GAP}password\s{1,16})\S+`, "g"), "$1"],
  // (Patterns start at a literal where they can, `:` here, so a scan skips to candidates fast.)
  [new RegExp(String.raw`(:(?<=^${LINE_PREFIX}[^:\s#"']{1,256}:)(?:\d{1,5}|\*):[^:\s]{1,256}:[^:\s]{1,256}:)(?:[^:\s\\]|\\.){1,512}$`, "gm"), "$1"],
  // A password in any URL (.git-credentials, a DSN: postgres://u:pass@, redis://:pass@,
  // mongodb+srv://…), and in a connection string's or URL's `password=`.
  [/(:\/\/(?<=\b[A-Za-z][A-Za-z0-9+.-]{0,30}:\/\/)[^\s:/?#@]{0,256}:)[^\s/?#]{1,512}(?=@)/g, "$1"],
  // A token alone as a URL's user name (`https://<token>@github.com/…`, as git keeps a remote):
  // long and with a digit, so `https://user@host` and `ssh://git@github.com` stay as they are.
  [/(:\/\/(?<=\b[A-Za-z][A-Za-z0-9+.-]{0,30}:\/\/))(?=[A-Za-z_-]*[0-9])[A-Za-z0-9_-]{20,256}(?=@)/g, "$1"],
  // A URL's `?api_key=`, `&token=`, `&key=`, a connection string's `;Password=`, and a bare
  // `password=` in prose; never code (`connect(password=pw)`: the value must end the word).
  [/((?:[?&;](?:password|passwd|pass|pwd|sslpassword|api[_-]?key|apikey|key|access[_-]?token|auth[_-]?token|private[_-]?token|refresh[_-]?token|token|auth|client[_-]?secret|secret)|(?<![\w.$/-])(?:password|passwd|pwd))=)(?!\/)(?!(?:\d{1,12}|true|false|yes|no|on|off|null)(?![^&;\s#"']))[^&;\s#"'(),[\]{}<>]+(?=[&;\s#"']|$)/gi, "$1"],
  // A secret-named variable set in an env file, `.envrc`, `env` output, a diff of one: `export API_TOKEN=…`.
  // (The look-behind finds the name's start in one step; the name is judged once, from there.)
  [new RegExp(String.raw`(=(?<=(?:(?<![\w.$-])|(?<=^[-+]))(?!PWD=\/)(?=${ENV_SECRET_NAME}=)[A-Z0-9_]{1,128}=)["']?)(?![$"'])${NOT_PLAIN(String.raw`(?![^\s"'\`])`)}[^\s"'\`]+`, "gm"), "$1"],
  // Credential JSON: a service account's "private_key_id", OAuth tokens, docker's "auth".
  [new RegExp(String.raw`("(?:${JSON_SECRET_KEY})"\s{0,16}:\s{0,16}")(?![$%{<])(?:[^"\\\s]|\\.){8,}(?=")`, "gi"), "$1"],
  // A credential line in any case, as .my.cnf, .s3cfg, rclone.conf, gradle.properties, YAML
  // and ini files write it (`password = hunter2`, `db_password: x`, `export password=x`), with
  // whatever numbers the line: the name first on its line, the value alone to its end, or
  // quoted whole. The match starts at the line, so a stream never cuts between name and value.
  // (No `i` flag: the name's case shows its parts, see secret-names.ts.)
  [new RegExp(String.raw`(^${LINE_PREFIX}(?:(?:export|EXPORT)[ \t]{1,16})?${CRED_LINE_NAME}[ \t]{0,16}[=:][ \t]{0,16}["']?)${CRED_LINE_VALUE}`, "gm"), "$1"],
  [new RegExp(String.raw`(^${LINE_PREFIX}(?:(?:export|EXPORT)[ \t]{1,16})?${CRED_LINE_NAME}[ \t]{0,16}[=:][ \t]{0,16}(["']))(?![$%{])${NOT_PLAIN(String.raw`\2`)}[^"'\n]{1,512}(?=\2[ \t]*$)`, "gm"), "$1"],
  // XML credential elements (Maven's settings.xml, NuGet.Config's ClearTextPassword value).
  [/(<(?:password|passphrase|privateKey|apiKey|token|secret)>)(?![$%{])[^<\s]{1,512}(?=<\/)/gi, "$1"],
  [/(\b(?:key|name)="ClearTextPassword"\s{1,16}value=")[^"]{1,512}(?=")/gi, "$1"],
  // An API key header anywhere on a line (`curl -H 'X-Api-Key: …'`, GitLab's `PRIVATE-TOKEN: …`).
  [/(\b(?:x-(?:[a-z]+-)?)?(?:api-?key|auth-?token|access-?token|private-?token)["']?\s{0,16}:\s{0,16}["']?)(?![$<{])[^\s"',;]{8,512}/gi, "$1"],
  // Passwords given on a command line: `--password=…`, `--token …`, `mysql -p…`, `redis-cli -a …`.
  [new RegExp(String.raw`((?<![\w-])--(?:password|passwd|pass|token|api-?key|auth-token|access-token)(?:=|[ \t]{1,16})["']?)(?![-$<{])${NOT_PLAIN(String.raw`(?![^\s"';&|])`)}[^\s"';&|]{3,512}`, "g"), "$1"],
  [/(\b(?:mysql\w*|mariadb[\w-]*)\b[^\n|;&]{0,256}?[ \t]-p["']?)(?![\s$"'])[^\s"';&|]+/g, "$1"],
  [/(\bredis-cli\b[^\n|;&]{0,256}?[ \t](?:-a|--pass)[ \t]{1,16}["']?)(?![-$\s])[^\s"';&|]+/g, "$1"],
];

/**
 * Text every shape above needs somewhere in a string it can match (case aside), one test
 * instead of thirty passes: most strings (a delta, a path, a file's lines) contain none, and
 * skip the passes and the first-use compile of each pattern. Adding a shape means adding
 * what it needs here; test/engine/redact-prefilter.test.ts holds every shape to it.
 */
export const MAY_HOLD_KEY = new RegExp(
  String.raw`sk-|gh[pousr]_|github_pat_|AKIA|ASIA|aws_|AIza|xox|xapp-|glpat-|npm_|hf_|k_live_|k_test_|eyJ|bearer|authorization|SG\.|_v1_|shp|hv[sb]\.|pypi-|dapi|PMAK-|lin_api_|gl(?:sa|c)_|xai-|gsk_|r8_|tvly-|AGE-SECRET-KEY-|ya29\.|1\/\/0|hooks\.slack\.com|\/webhooks\/|sig=|-----BEGIN|PRIVATE KEY-----|-----END [A-Z ]*PRIV|LS0tLS1CRUdJTi|_security_token|:_|npmauth|machine|default|:(?:\d+|\*):|:\/\/|pass\w*=|pwd=|(?:key|token|secret|credential|auth)\w*=|_pat=|(?:pass|pwd|secret|token|key|credential|auth)[\w.-]{0,32}[ \t]*[=:]|<(?:password|passphrase|privatekey|apikey|token|secret)>|cleartextpassword|secret_?access_?key|--(?:pass|token|api|auth|access)|mysql|mariadb|redis-cli|"(?:${JSON_SECRET_KEY})"`,
  "i",
);

/**
 * The end of a text where a shape's context has begun but its value may still be coming: a
 * streaming redactor holds from here, or the next piece would arrive without the context
 * that marks it (`Bearer ` then the token; `password ` then the password). Shapes without
 * whitespace before their value need no entry: the trailing word is held anyway.
 */
export const OPEN_CONTEXT = new RegExp(
  [
    String.raw`(?<![A-Za-z0-9])(?:aws_session_token|aws_security_token|(?:aws_?)?secret_?access_?key|x_security_token)["']?\s*(?:[=:]\s*["']?\S*|\S*)$`,
    String.raw`\bbearer\s+\S*$`,
    // "Authorization: <scheme> " and its value, or only the start of that so far.
    String.raw`\bauthorization["']?\s*(?:[:=]\s*["']?(?:[a-z][\w-]*(?:[ \t]+\S*)?)?)?$`,
    String.raw`:_(?:authToken|auth|password)\s*(?:=\s*\S*)?$`,
    String.raw`\bnpmAuth(?:Token|Ident)["']?\s*(?::\s*\S*)?$`,
    // A netrc entry so far: machine, then login/account/port pairs, maybe a line number.
    String.raw`\b(?:machine(?:\s+\S+)?|default)(?:\s+(?:\d+[:\t]\s*)?(?:login|account|port)\s+\S+)*(?:\s+(?:\d+(?:[:\t]\s*)?)?(?:(?:login|account|port|password)\s+)?\S*)?\s*$`,
    String.raw`"(?:${JSON_SECRET_KEY})"\s*(?::\s*(?:"\S*)?)?$`,
    String.raw`-----BEGIN(?: [A-Z]*)*$`,
    // A line that begins with a credential name, its separator or its value maybe still to come.
    String.raw`(?:^|\n)${LINE_PREFIX}(?:export[ \t]+)?[\w.-]{0,64}(?:pass|pwd|secret|token|key|credential|auth|pat)[\w.-]{0,32}[ \t]*(?:[=:][ \t]*["']?\S*)?$`,
    // An API key header anywhere on a line, a command-line password option, its value maybe to come.
    String.raw`\b(?:x-(?:[a-z]+-)?)?(?:api-?key|auth-?token|access-?token|private-?token)["']?\s*(?::\s*["']?\S*)?$`,
    String.raw`(?<![\w-])--(?:password|passwd|pass|token|api-?key|auth-token|access-token)(?:[= \t]\s*\S*)?$`,
    // A mysql or redis-cli command line: its password option may still come, after any other.
    String.raw`\b(?:mysql\w*|mariadb[\w-]*|redis-cli)\b[^\n]*$`,
  ].join("|"),
  "i",
);

/**
 * Text OPEN_CONTEXT needs somewhere in a string it can match (case aside): one cheap test
 * before the big one, which most pieces of a stream (a command's output, a model's words) skip.
 * Adding a context means adding what it needs here; test/engine/redact-prefilter.test.ts holds
 * OPEN_CONTEXT to it.
 */
export const MAY_OPEN_CONTEXT = /aws_|security_token|bearer|authorization|:_|npmauth|machine|default|"|-----begin|pass|pwd|secret|token|key|credential|auth|pat|mysql|mariadb|redis-cli/i;

/** Where an unfinished context begins in `text`, or -1. */
export function openContextAt(text: string): number {
  return MAY_OPEN_CONTEXT.test(text) ? (OPEN_CONTEXT.exec(text)?.index ?? -1) : -1;
}
