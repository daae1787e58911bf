// The secret values written in a credential file, by the file's format. Pure: text in,
// values out. What counts as a secret is the value of a secret-named key (password, token,
// secret, key, auth, …), a netrc password, a pgpass password, a URL's password; the names,
// hosts and user names around them are not secrets and are not returned.
import { urlPasswords } from "./env-secrets.js";

export type CredentialFormat =
  /** `key = value`, `key: value`, `export KEY=value` lines: INI, properties, YAML, npmrc, envrc. */
  | "assignments"
  /** netrc and authinfo: `machine h login u password p`, tokens over any lines. */
  | "netrc"
  /** pgpass: `host:port:db:user:password` lines, `\:` and `\\` escaped. */
  | "pgpass"
  /** One URL per line with the password in it (.git-credentials). */
  | "urls"
  /** A JSON document (docker config.json, OAuth token files, a service-account key). */
  | "json"
  /** Maven's settings.xml: `<password>…</password>`. */
  | "xml";

/** A key whose value is a secret; not one that only points at one (a file, a helper, a process). */
const SECRET_KEY = /key|token|secret|pass|pwd|credential|auth|cookie/i;
const NOT_A_SECRET = /file|path|dir|helper|process|command|cmd|url|provider|type|region|expir|keyboard|author|(?<!private_key)_id$|^id$|passthr/i;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key) && !NOT_A_SECRET.test(key);
}

/** A value that only refers to a secret elsewhere (`${NPM_TOKEN}`, `$(pass show x)`), or a placeholder. */
function isReference(value: string): boolean {
  return /^\$|^<.*>$|^\*+$|^(?:true|false|null|none|yes|no)$/i.test(value);
}

function unquote(value: string): string {
  const trimmed = value.trim();
  const quoted = /^(["'])(.*)\1$/.exec(trimmed);
  return quoted ? quoted[2]! : trimmed;
}

/** Last key segment of `//registry.npmjs.org/:_authToken`, `profile.token`, `a.b.password`. */
function lastSegment(key: string): string {
  return key.split(/[:./]/).filter(Boolean).at(-1) ?? key;
}

/** `key = value` (INI, properties, npmrc) or `key: value` (YAML), whichever separator comes first. */
function splitAssignment(line: string): [key: string, value: string] | undefined {
  const body = line.replace(/^\s*(?:export\s+|-\s+)?/, "");
  if (/^[#;[]/.test(body)) return undefined;
  const equals = body.indexOf("=");
  const colon = body.search(/:(?:\s|$)/);
  const at = equals < 0 ? colon : colon < 0 ? equals : Math.min(equals, colon);
  if (at <= 0) return undefined;
  return [unquote(body.slice(0, at)), body.slice(at + 1)];
}

function assignments(text: string): string[] {
  const values: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const pair = splitAssignment(line);
    if (!pair) continue;
    const value = unquote(pair[1].replace(/\s+[#;].*$/, ""));
    if (value && isSecretKey(lastSegment(pair[0])) && !isReference(value)) values.push(value);
  }
  return values;
}

function netrc(text: string): string[] {
  const tokens = text.split(/\s+/).filter(Boolean);
  const values: string[] = [];
  tokens.forEach((token, index) => {
    if ((token === "password" || token === "passwd") && tokens[index + 1] !== undefined) values.push(unquote(tokens[index + 1]!));
  });
  return values;
}

function pgpass(text: string): string[] {
  const values: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*(?:#|$)/.test(line)) continue;
    const fields = line.match(/(?:[^:\\]|\\.)+|(?<=:)(?=:|$)/g) ?? [];
    if (fields.length >= 5) values.push(fields.slice(4).join(":").replace(/\\(.)/g, "$1"));
  }
  return values;
}

/** Docker's `"auth"` is base64 of `user:password`: the password is a secret by itself too. */
function basicAuthPassword(value: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+=*$/.test(value)) return undefined;
  const decoded = Buffer.from(value, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon > 0 && /^[\x20-\x7e]+$/.test(decoded) ? decoded.slice(colon + 1) : undefined;
}

function json(text: string): string[] {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return assignments(text);
  }
  const values: string[] = [];
  const walk = (node: unknown, key: string) => {
    if (typeof node === "string") {
      if (!isSecretKey(key) || isReference(node)) return;
      // A PEM key whole would make every stream hold back its length; its shape is redacted
      // anyway, and its body lines are taken below.
      if (!node.includes("-----BEGIN")) values.push(node);
      const password = key.toLowerCase() === "auth" ? basicAuthPassword(node) : undefined;
      if (password) values.push(password);
      // A private key's body matters, not its fixed BEGIN/END lines.
      values.push(...node.split(/\\n|\n/).filter((line) => /^[A-Za-z0-9+/=]{16,}$/.test(line)));
    } else if (Array.isArray(node)) node.forEach((item) => walk(item, key));
    else if (node && typeof node === "object") for (const [name, value] of Object.entries(node)) walk(value, name);
  };
  walk(document, "");
  return values;
}

function xml(text: string): string[] {
  return [...text.matchAll(/<(password|passphrase|privateKey|token|secret)>\s*([^<]*?)\s*<\/\1>/gi)]
    .map((match) => match[2]!)
    .filter((value) => value && !isReference(value));
}

/** The secret values in `text`, read as `format`, and the passwords of any URL in it. */
export function credentialValues(text: string, format: CredentialFormat): string[] {
  const byFormat = { assignments, netrc, pgpass, urls: () => [], json, xml }[format](text);
  return [...new Set([...byFormat, ...urlPasswords(text)])];
}
