// Credential-file lines are redacted wherever the line starts: as `cat -n`, `grep -n`,
// `grep -rn`, `nl` and read_file number them, indented, quoted. And the shapes issue 21 found
// unredacted: DSN passwords, env-file assignments (.envrc, `env` output), a service account's
// JSON key, a private key cut short. Each class with its siblings; ordinary text stays.
import { describe, expect, it } from "vitest";
import { createRedactor, REDACTED } from "../../src/engine/secrets/redact.js";

const redact = createRedactor([]);

/** The ways a tool shows line 3 of a file. */
const NUMBERED: [string, (line: string) => string][] = [
  ["as is", (line) => line],
  ["cat -n / nl", (line) => `     3\t${line}`],
  ["grep -n", (line) => `3:${line}`],
  ["grep -rn", (line) => `home/.aws/credentials:3:${line}`],
  ["grep -C context", (line) => `creds-3-${line}`],
  ["read_file", (line) => `3\t${line}`],
  ["indented", (line) => `    ${line}`],
];

/** A credential line and the secret in it. */
const LINES: [string, string][] = [
  ["aws_session_token = FwoGZXIvYXdzEJr//////////wEaDAg0aF+session", "FwoGZXIvYXdzEJr"],
  ["aws_security_token=IQoJb3JpZ2luX2VjEJr/tok", "IQoJb3JpZ2luX2VjEJr"],
  ["aws_secret_access_key = abc/def+ghi-not-forty", "abc/def+ghi"],
  ["AWS_SESSION_TOKEN: IQoJsessionTokenValue", "IQoJsessionTokenValue"],
  ["//registry.npmjs.org/:_authToken=npm-secret-token-1", "npm-secret-token-1"],
  ["//npm.example.com/:_password=cGFzc3dvcmQtc2VjcmV0", "cGFzc3dvcmQtc2VjcmV0"],
  ['npmAuthToken: "yarn-secret-token-2"', "yarn-secret-token-2"],
  ["machine api.example.com login ada password hunter22-netrc", "hunter22-netrc"],
  ["db.example.com:5432:app:ada:pg-secret-9", "pg-secret-9"],
  ["*:*:*:ada:pg\\:escaped-secret", "escaped-secret"],
  ["https://ada:ghs-token-value@github.com", "ghs-token-value"],
];

describe("credential lines with whatever stands before them", () => {
  for (const [how, show] of NUMBERED) {
    it(`redacts every credential line shown ${how}`, () => {
      for (const [line, secret] of LINES) {
        const out = redact(`${show(line)}\n`);
        expect(out, line).not.toContain(secret);
        expect(out, line).toContain(REDACTED);
      }
    });
  }

  it("redacts a netrc entry over several numbered lines, and a quoted JSON credential", () => {
    const netrc = "     1\tmachine api.example.com\n     2\t  login ada\n     3\t  password hunter22-lines\n";
    expect(redact(netrc)).toBe(netrc.replace("hunter22-lines", REDACTED));
    const grepped = "4:machine h\n5:login ada\n6:password hunter22-grep\n";
    expect(redact(grepped)).not.toContain("hunter22-grep");
    expect(redact('7:  "aws_session_token": "IQoJb3JpZ2luX2VjEJr",')).toBe(`7:  "aws_session_token": "${REDACTED}",`);
  });

  it("leaves lines that only look similar alone", () => {
    for (const text of [
      "root:x:0:0:root:/root:/bin/bash",
      "time 12:30:45 and 2024-01-01T12:30:45",
      "see https://example.com/a:b and http://host:8080/path/user@example.com",
      "const password = readPassword();",
      "type Options = { password: string; token: string }",
      "const API_KEY = process.env.API_KEY;",
      "KEYBOARD_LAYOUT=us PWD=/home/x GIT_AUTHOR_NAME=Ada",
      'GITHUB_TOKEN=${{ secrets.GITHUB_TOKEN }} NPM_TOKEN="$NPM_TOKEN"',
      "certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM=",
    ]) {
      expect(redact(text), text).toBe(text);
    }
  });
});

describe("DSN passwords, by shape", () => {
  it.each([
    ["postgres://u:pg-pass-1@db.example.com:5432/app", "pg-pass-1"],
    ["postgresql://app_user:p%40ss-2@localhost/app?sslmode=require", "p%40ss-2"],
    ["mysql://root:my-pass-3@127.0.0.1:3306/db", "my-pass-3"],
    ["redis://:redis-pass-4@cache:6379/0", "redis-pass-4"],
    ["rediss://default:redis-pass-5@cache.example.com:6380", "redis-pass-5"],
    ["amqp://guest:amqp-pass-6@rabbit:5672/vhost", "amqp-pass-6"],
    ["mongodb+srv://admin:mongo-pass-7@cluster0.x.mongodb.net/test", "mongo-pass-7"],
    ["DATABASE_URL=postgres://u:p@ss@word-8@h/db", "ss@word-8"],
    ["jdbc:mysql://h/db?user=u&password=jdbc-pass-9", "jdbc-pass-9"],
    ["Server=s;Database=d;User Id=u;Password=mssql-pass-10;", "mssql-pass-10"],
  ])("%s", (text, secret) => {
    const out = redact(text);
    expect(out).not.toContain(secret);
    expect(out).toContain(REDACTED);
  });
});

describe("env files, .envrc and `env` output", () => {
  it.each([
    ["export GITHUB_TOKEN=gh-token-value-1", "gh-token-value-1"],
    ["DB_PASSWORD='db pass with spaces'", "db"],
    ['STRIPE_SECRET_KEY="stripe-secret-2"', "stripe-secret-2"],
    ["     4\tAPI_KEY_PROD=api-key-prod-3", "api-key-prod-3"],
    ["MYSQL_PWD=mysql-pwd-4", "mysql-pwd-4"],
    ["GITLAB_PAT=gitlab-pat-5", "gitlab-pat-5"],
  ])("%s", (text, secret) => {
    expect(redact(text)).not.toContain(secret);
  });
});

describe("a service account's JSON key and private keys cut short", () => {
  it("redacts the key id, the client secret, the private key whole and the key cut short", () => {
    const account = [
      "{",
      '  "type": "service_account",',
      '  "private_key_id": "0123456789abcdef0123456789abcdef01234567",',
      '  "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\nBKcwggSjAgEAAoIBAQC7\\n-----END PRIVATE KEY-----\\n",',
      '  "client_email": "bot@project.iam.gserviceaccount.com",',
      "}",
    ].join("\n");
    const out = redact(account);
    expect(out).not.toMatch(/0123456789abcdef|MIIEvQ|BKcwgg/);
    expect(out).toContain('"client_email": "bot@project.iam.gserviceaccount.com"');
    // Cut where a grep hit or a line is cut: no END line.
    expect(redact('  "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC… [line cut: 1500 more characters]')).not.toContain("MIIEvQ");
    expect(redact("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU\n")).not.toContain("b3BlbnNz");
    // Base64 of a PEM key, as kubeconfig's client-key-data holds it, for each key type.
    for (const type of ["", "RSA ", "EC ", "OPENSSH ", "ENCRYPTED "]) {
      const encoded = Buffer.from(`-----BEGIN ${type}PRIVATE KEY-----\nMIIEsecretbody\n`).toString("base64");
      expect(redact(`client-key-data: ${encoded}`), type).toBe(`client-key-data: ${REDACTED}`);
    }
  });
});

describe("credential lines in any case, as config files write them", () => {
  const LOWER: [string, string][] = [
    ["password=mycnf-secret-1", "mycnf-secret-1"],
    ["password = hunter2-spaced", "hunter2-spaced"],
    ["db_password: yaml-secret-3", "yaml-secret-3"],
    ["pass = rclone-obscured-4", "rclone-obscured-4"],
    ["secret_key = s3cfg-secret-5", "s3cfg-secret-5"],
    ["api_key=abcdef123456", "abcdef123456"],
    ["oauth_token: gh-hosts-token-7", "gh-hosts-token-7"],
    ["systemProp.https.proxyPassword=gradle-pw-8", "gradle-pw-8"],
    ["export password=exported-pw-9", "exported-pw-9"],
    ['  token = "tf token with spaces"', "tf token"],
    ["Password: Title-Case-11", "Title-Case-11"],
    ["<password>m2-settings-12</password>", "m2-settings-12"],
    ['<add key="ClearTextPassword" value="nuget-pw-13" />', "nuget-pw-13"],
  ];
  for (const [how, show] of NUMBERED) {
    it(`redacts each shown ${how}`, () => {
      for (const [line, secret] of LOWER) {
        const out = redact(`[section]\n${show(line)}\nnext = line\n`);
        expect(out, line).not.toContain(secret);
        expect(out, line).toContain(REDACTED);
      }
    });
  }

  it("leaves code, references, switches and names of where a secret is alone", () => {
    for (const text of [
      "    password = os.environ['DB_PASSWORD']",
      "password = getPassword()",
      "token = req.headers.token;",
      "const token = abc",
      "if password == x:",
      "password: ${DB_PASSWORD}",
      "password = %(db_password)s",
      "token_url = https://auth.example.com/token",
      "password_file = /run/secrets/db",
      "max_tokens = 1024",
      "passthrough = true",
      "use_token: false",
      "token_count: 5",
      "tokenizer = bert-base",
      "credential.helper = store",
    ]) {
      expect(redact(`${text}\n`), text).toBe(`${text}\n`);
    }
  });
});
