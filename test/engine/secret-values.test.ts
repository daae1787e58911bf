// Redaction by value: the values in the user's credential files and in the environment (a
// DSN's password inside a URL-valued variable too) are redacted wherever they turn up, in
// the forms value-forms.ts lists. Files are read from a temp HOME on disk.
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createRedactor, REDACTED, secretsFromEnv } from "../../src/engine/secrets/redact.js";
import { secretsFromCredentialFiles } from "../../src/engine/secrets/credential-files.js";
import { credentialValues } from "../../src/engine/secrets/credential-values.js";

function tempHome(): string {
  return realpathSync(mkdtempSync(path.join(os.tmpdir(), "secret-values-")));
}

function put(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

describe("secret values from the environment", () => {
  it("takes DSN passwords from URL-valued variables whatever their names", () => {
    const values = secretsFromEnv({
      DATABASE_URL: "postgres://app:db-url-password@db:5432/app",
      REDIS_URL: "redis://:redis-url-password@cache:6379",
      HTTPS_PROXY: "http://ada:proxy%40password@proxy:3128",
      JDBC_URL: "jdbc:mysql://h/db?user=u&password=jdbc-url-password",
      HOME_PAGE: "https://example.com/no/password/here",
      SHORT_URL: "postgres://u:short@h/db",
    });
    expect(values).toEqual(["db-url-password", "redis-url-password", "proxy%40password", "proxy@password", "jdbc-url-password"]);
  });

  it("takes a secret-named variable's whole value and the password in it", () => {
    expect(secretsFromEnv({ DB_PASSWORD_URL: "postgres://u:inner-password@h/db" })).toEqual(["postgres://u:inner-password@h/db", "inner-password"]);
  });
});

describe("secret values in credential files, by format", () => {
  it.each([
    ["assignments", "[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG\naws_session_token=FwoGZXIvYXdzEJr\nregion = eu-west-1\n", ["wJalrXUtnFEMI/K7MDENG", "FwoGZXIvYXdzEJr"]],
    ["assignments", "//registry.npmjs.org/:_authToken=npm-file-token\nalways-auth=true\nemail=ada@example.com\n", ["npm-file-token"]],
    ["assignments", "[pypi]\n  username = __token__\n  password = pypi-AgEIcHlwaS5vcmc\n", ["pypi-AgEIcHlwaS5vcmc"]],
    ["assignments", "github.com:\n    oauth_token: gho_16C7e42F292c6912E7710c8\n    user: ada\n", ["gho_16C7e42F292c6912E7710c8"]],
    ["assignments", "clusters:\n- cluster:\n    certificate-authority-data: LS0tLS1CRUdJTiBDRVJU\nusers:\n- name: ada\n  user:\n    token: kube-bearer-token-value\n    client-key-data: LS0tLS1CRUdJTiBSU0E=\n", ["kube-bearer-token-value", "LS0tLS1CRUdJTiBSU0E="]],
    ["assignments", "[profile dev]\nsso_session = my-company-sso\nsso_start_url = https://x.awsapps.com/start\ncredential_process = /usr/bin/aws-vault exec dev\n", []],
    ["assignments", ':rubygems_api_key: rubygems_0123456789abcdef\nnpmAuthToken: "${NPM_TOKEN}"\n', ["rubygems_0123456789abcdef"]],
    ["netrc", "machine api.example.com\n  login ada\n  password netrc-password-1\ndefault login x password netrc-password-2\n", ["netrc-password-1", "netrc-password-2"]],
    ["pgpass", "# comment\ndb:5432:app:ada:pgpass-pw-1\n*:*:*:bob:pg\\:pass\\\\word-2\n", ["pgpass-pw-1", "pg:pass\\word-2"]],
    ["urls", "https://ada:git-cred-token-1@github.com\nhttps://bob:git%2Fcred-2@gitlab.com\n", ["git-cred-token-1", "git%2Fcred-2", "git/cred-2"]],
    ["json", JSON.stringify({ auths: { "ghcr.io": { auth: Buffer.from("ada:docker-registry-pw").toString("base64") } } }), [Buffer.from("ada:docker-registry-pw").toString("base64"), "docker-registry-pw"]],
    ["json", JSON.stringify({ type: "service_account", private_key_id: "0123456789abcdef", client_email: "bot@x.iam", private_key: "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n" }), ["0123456789abcdef", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC"]],
    ["xml", "<settings><servers><server><id>central</id><username>ada</username><password>maven-password-1</password></server></servers></settings>", ["maven-password-1"]],
  ] as const)("%s: %s", (format, text, expected) => {
    expect(credentialValues(text, format)).toEqual(expected);
  });
});

describe("the user's credential files", () => {
  it("are read from HOME, from where variables move them, and through a dotfile manager's symlink", () => {
    const home = tempHome();
    const dotfiles = path.join(home, "dotfiles");
    put(path.join(dotfiles, "aws", "credentials"), "[default]\naws_session_token = linked-session-token\n");
    symlinkSync(path.join(dotfiles, "aws"), path.join(home, ".aws"));
    put(path.join(home, ".netrc"), "machine h login ada password netrc-secret-value\n");
    put(path.join(home, ".pgpass"), "db:5432:app:ada:pgpass-secret-value\n");
    put(path.join(home, ".git-credentials"), "https://ada:git-credential-value@github.com\n");
    put(path.join(home, "elsewhere", "kube.yaml"), "users:\n- user:\n    token: moved-kube-token\n");
    put(path.join(home, "elsewhere", "sa.json"), JSON.stringify({ private_key_id: "service-key-id-value" }));
    const values = secretsFromCredentialFiles({
      home,
      env: { KUBECONFIG: path.join(home, "elsewhere", "kube.yaml"), GOOGLE_APPLICATION_CREDENTIALS: path.join(home, "elsewhere", "sa.json") },
    });
    expect(values.sort()).toEqual(
      ["linked-session-token", "netrc-secret-value", "pgpass-secret-value", "git-credential-value", "moved-kube-token", "service-key-id-value"].sort(),
    );
  });

  // mkfifo is POSIX; Windows has no FIFOs at such paths.
  it.skipIf(process.platform === "win32")("none when there are none, and a FIFO in a credential file's place is not waited on", () => {
    const home = tempHome();
    expect(secretsFromCredentialFiles({ home, env: {} })).toEqual([]);
    execFileSync("mkfifo", [path.join(home, ".netrc")]);
    put(path.join(home, ".pgpass"), "db:5432:app:ada:still-read-value\n");
    expect(secretsFromCredentialFiles({ home, env: {} })).toEqual(["still-read-value"]);
  });
});

describe("a known value, in the forms a command prints it", () => {
  const value = "s3cr3t/Value+42";
  const redact = createRedactor([value]);
  const base64 = (text: string) => Buffer.from(text).toString("base64");

  it.each([
    ["as read", `token ${value} end`],
    ["upper-cased (tr a-z A-Z)", `TOKEN ${value.toUpperCase()} END`],
    ["lower-cased", `token ${value.toLowerCase()} end`],
    ["cut out of its line", `${value}\n`],
    ["base64 alone", base64(value)],
    ["base64 in a Basic header", `Authorization: Basic ${base64(`ada:${value}`)}`],
    ["base64 of a whole file, at another alignment", base64(`[default]\nx = ${value}\n`)],
    ["base64url", base64(`ab${value}`).replace(/\+/g, "-").replace(/\//g, "_")],
    ["percent-encoded in a URL", `https://ada:${encodeURIComponent(value)}@example.com`],
    ["JSON-escaped", JSON.stringify({ note: `a "${value}"` }).replace("/", "\\/")],
    ["hex (xxd -p)", Buffer.from(`x=${value}`).toString("hex")],
    ["percent-encoded but for its / (Python's urllib.parse.quote)", `https://example.com/?k=${encodeURIComponent(value).replace(/%2F/g, "/")}`],
  ])("%s", (_how, text) => {
    const out = redact(text);
    expect(out).toContain(REDACTED);
    expect(out.toLowerCase()).not.toContain(value.toLowerCase());
    for (const offset of [0, 1, 2]) {
      // No encoded core of the value survives either.
      const core = Buffer.concat([Buffer.alloc(offset), Buffer.from(value)]).toString("base64").slice(4, 12);
      expect(out).not.toContain(core);
    }
  });
});

describe("a known value with a space, percent-encoded as other encoders leave it", () => {
  const value = "my s3cr3t+Value/42";
  const redact = createRedactor([value]);

  it.each([
    ["encodeURI (keeps + and /)", encodeURI(`https://example.com/${value}`)],
    ["form-encoded (URLSearchParams: a space as +)", new URLSearchParams({ note: value }).toString()],
  ])("%s", (_how, text) => {
    const out = redact(text);
    expect(out).toContain(REDACTED);
    expect(out).not.toMatch(/s3cr3t/i);
  });
});

describe("a known value JSON-escaped as other encoders write it", () => {
  // Go's encoding/json (Ollama, many gateways) and Rails write <, > and & as \u escapes, and
  // Python's json.dumps every non-ASCII character: a model's tool arguments come back so.
  const value = "p&ss<w0rd>Secret9";
  const unicode = "pässwörd-Secret-9";
  const redact = createRedactor([value, unicode]);
  const escape = (text: string, which: RegExp) => text.replace(which, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

  it.each([
    ["<, > and & as \\u00XX (Go)", `{"command":"echo '${escape(value, /[<>&]/g)}'"}`],
    ["upper-case hex digits", `{"command":"${escape(value, /[<>&]/g).toUpperCase().replace(/\\U/g, "\\u")}"}`],
    ["non-ASCII as \\u00XX (Python's ensure_ascii)", `{"note":"${escape(unicode, /[^\x00-\x7f]/g)}"}`],
  ])("%s", (_how, text) => {
    const out = redact(text);
    expect(out).toContain(REDACTED);
    expect(out).not.toMatch(/Secret/i);
  });
});
