// What the redactor must change and what it must leave alone, as corpora. A false positive
// is not harmless: the model sees `MAX_TOKENS=[redacted]` and writes it back into the file.
// And a unified diff's line (`+`, `-`, ` ` before it) is redacted as the line itself is, or
// every diff of a rotated secret shows the old value.
import { describe, expect, it } from "vitest";
import { createRedactor, REDACTED, secretsFromEnv } from "../../src/engine/secrets/redact.js";

const redact = createRedactor([]);

/** Ordinary text that holds no secret: code, config, hashes, ids, base64 in source. */
const ORDINARY = [
  // Config whose names contain a secret word but are no secret, or whose values are plain.
  "MONKEY=banana",
  "KEY_COUNT=5",
  "TOKEN_LIMIT=100000",
  "MAX_TOKENS=4096",
  "PASSWORD_MIN_LENGTH=12",
  "AUTH_METHOD=oauth",
  "KEYBOARD_LAYOUT=us-intl",
  "PUBLIC_KEY_PATH=/etc/keys/id.pub",
  "API_KEY_HEADER=X-Api-Key",
  "token_budget: high",
  "api_key_header: X-Api-Key",
  "pass: through",
  "max_tokens: 8192",
  "tokenizer: cl100k_base",
  "password_file: /run/secrets/db",
  "token_url: https://auth.example.com/token",
  "auth_type: bearer",
  "SESSION_KEY=true",
  "DB_PASSWORD=",
  "- key: app.kubernetes.io/name",
  "  key: value",
  "https://example.com/search?pass=1&page=2",
  // Slugs and identifiers that begin like a key.
  "task sk-learn-0123456789-classifier-model-v2 pipeline",
  "see the sk-learn docs",
  // Code.
  "const apiKey = process.env.OPENAI_API_KEY;",
  "const { secretAccessKey } = credentials;",
  "conn = psycopg2.connect(user=user, password=password)",
  "db.connect(password=pw)",
  "headers['X-Api-Key'] = apiKey",
  "if (token.length > MAX_TOKEN_LENGTH) throw new Error('token too long');",
  "for key, value in mapping.items(): print(key)",
  "sorted(items, key=lambda item: item.name)",
  "mysql -u root -p app < dump.sql",
  "redis-cli -h cache ping",
  "use the --token flag to authenticate",
  // Hashes, ids, base64 in source.
  "commit 3f786850e387550fdab836ed7e6dc881de23001b",
  "sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
  "id: 123e4567-e89b-12d3-a456-426614174000",
  'const logo = "iVBORw0KGraphicsAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";',
  // URLs with a user name, and headers whose value is a variable or code.
  "https://user@host.example.com/path",
  "git clone git@github.com:org/repo.git",
  "ssh://git@github.com/org/repo.git",
  "https://john.smith.contractor@example.com/",
  "https://registry.npmjs.org/@types%2fnode",
  "see https://medium.com/@someone_1234567890abcdefgh",
  '"Authorization": "Bearer " + token,',
  "Authorization: Bearer ${GITHUB_TOKEN}",
  'git -c http.extraHeader="Authorization: token $GH_TOKEN" fetch',
  "headers.Authorization = token",
  "integrity sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==",
];

/** A secret in each shape that slipped through before, and the secret itself. */
const SECRETS: [string, string][] = [
  ["new S3({ secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' })", "wJalrXUtnFEMI/K7MDENG"],
  ["aws configure set aws_secret_access_key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "wJalrXUtnFEMI/K7MDENG"],
  ["GET https://api.example.com/v1/data?api_key=LowerQueryKey12345&q=1", "LowerQueryKey12345"],
  ["https://graph.example.com/me?access_token=EAAGm0PX4ZCpsBAKZB", "EAAGm0PX4ZCpsBAKZB"],
  ["https://example.com/feed?token=QueryTok3nValue999", "QueryTok3nValue999"],
  ["https://maps.example.com/api?q=x&key=MapsKey0123456789", "MapsKey0123456789"],
  ['{"api_key": "0123456789abcdef0123456789abcdef"}', "0123456789abcdef"],
  ['  "apiKey": "k3yInJs0nConfig42",', "k3yInJs0nConfig42"],
  ["curl -H 'X-Api-Key: 9f8e7d6c5b4a39281706' https://api.example.com", "9f8e7d6c5b4a39281706"],
  ["curl --header 'PRIVATE-TOKEN: glToken0123456789' https://gitlab.example.com", "glToken0123456789"],
  ["mysql -u root -pMysqlInlinePw77 app", "MysqlInlinePw77"],
  ["mysqldump --user=root --password=DumpPassw0rd db", "DumpPassw0rd"],
  ["redis-cli -h cache -a RedisCliPass999 ping", "RedisCliPass999"],
  ["please log in with password=PromptPw12345 and retry", "PromptPw12345"],
  ["SESSION_KEY=s3ss10nK3yPlainValue", "s3ss10nK3yPlainValue"],
  ["session_key: s3ss10nK3yPlainValue", "s3ss10nK3yPlainValue"],
  ["DB_PASSWORD=hunter22", "hunter22"],
  ["OPENAI_API_KEY=sk-proj-AbCdEfGhIjKlMnOpQrStUvWx0123", "AbCdEfGhIjKlMnOp"],
  ["BASIC_AUTH=ada:Secr3tPw", "Secr3tPw"],
  ["client_secret = GOCSPX-abcdefghijkl", "GOCSPX-abcdefghijkl"],
  ["proxyPassword=Pr0xyPw!", "Pr0xyPw!"],
  // git's credential forms: an extraHeader of any scheme, a token as a URL's user name.
  ["\textraHeader = Authorization: token 9f8e7d6c5b4a39281706f5e4d3c2b1a0ffeeddcc", "9f8e7d6c5b4a39281706"],
  ['git -c http.extraHeader="Authorization: Basic eC1hY2Nlc3MtdG9rZW46c2VjcmV0" fetch', "eC1hY2Nlc3MtdG9rZW46"],
  ["Authorization: Digest dXNlcm5hbWU9YWRhOnNlY3JldA", "dXNlcm5hbWU9YWRh"],
  ['"Authorization": "token 9f8e7d6c5b4a39281706f5e4d3c2b1a0ffeeddcc"', "9f8e7d6c5b4a39281706"],
  ["\turl = https://9f8e7d6c5b4a39281706f5e4d3c2b1a1@github.com/x.git", "9f8e7d6c5b4a39281706"],
  ["https://x-access-token:9f8e7d6c5b4a39281706f5e4d3c2b1a1@github.com/o/r.git", "9f8e7d6c5b4a39281706"],
  ["https://oauth2:glToken0123456789abcdef@gitlab.example.com/g/p.git", "glToken0123456789"],
];

describe("false positives", () => {
  it.each(ORDINARY)("leaves ordinary text unchanged: %s", (text) => {
    expect(redact(text)).toBe(text);
  });
});

describe("true positives", () => {
  it.each(SECRETS)("redacts %s", (text, secret) => {
    const out = redact(text);
    expect(out).not.toContain(secret);
    expect(out).toContain(REDACTED);
  });
});

/** Lines of each shape a diff may show: env lines, credential lines, JSON keys, key shapes. */
const DIFF_LINES = [
  "SESSION_KEY=s3ss10nK3yPlainValue",
  "SIGNING_KEY=s1gn1ngK3yPlainValue",
  "API_TOKEN=t0kenValueInAnEnvFile",
  "export GITHUB_TOKEN=gh-token-value-1",
  "api_key: k3yInAD1ffLine",
  "db_password = hunter2-plain",
  '  "client_secret": "GOCSPX-abcdefghijkl",',
  "  token: \"tf-token-quoted\"",
  "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
  "MAX_TOKENS=4096",
];

describe("a unified diff's lines", () => {
  for (const prefix of ["+", "-", " "]) {
    it(`are redacted as the line without its "${prefix}"`, () => {
      for (const line of DIFF_LINES) expect(redact(`${prefix}${line}\n`), line).toBe(`${prefix}${redact(`${line}\n`)}`);
    });
  }

  it("a private key changed in a diff loses its body on both sides", () => {
    const body = ["MIIEowIBAAKCAQEA1234567890abcdefghijABCDEFGHIJ1234567890abcdefgh", "Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4"];
    const block = (sign: string) => [`-----BEGIN RSA PRIVATE KEY-----`, ...body, `-----END RSA PRIVATE KEY-----`].map((line) => `${sign}${line}`).join("\n");
    const diff = `diff --git a/k.pem b/k.pem\n--- a/k.pem\n+++ b/k.pem\n@@ -1,4 +1,4 @@\n${block("-")}\n${block("+")}\n`;
    const out = redact(diff);
    for (const line of body) expect(out).not.toContain(line.slice(0, 20));
    // A hunk that starts inside the key, without its BEGIN line.
    const cut = `@@ -2,3 +2,3 @@\n-${body[0]}\n+${body[1]}\n ${body[1]}\n -----END RSA PRIVATE KEY-----\n`;
    for (const line of body) expect(redact(cut)).not.toContain(line.slice(0, 20));
  });
});

describe("values taken from the environment", () => {
  it("skip numbers and yes/no words of secret-named variables, which would be blanked everywhere", () => {
    const values = secretsFromEnv({ TOKEN_LIMIT: "100000000", AUTH_ENABLED: "disabled", KEY_COUNT: "12345678", GITHUB_TOKEN: "tok-abcdefgh" });
    expect(values).toEqual(["tok-abcdefgh"]);
  });
});
