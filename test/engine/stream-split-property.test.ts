// The streaming redactor lets no part of a secret through, wherever the pieces are cut: for
// every shape the redactor knows and every known value (and its encoded forms), the text is
// streamed split at every offset, character by character, and in seeded random pieces, and
// what comes out is exactly what redacting the whole text at once gives.
import { describe, expect, it } from "vitest";
import { createRedactor, REDACTED } from "../../src/engine/secrets/redact.js";
import { createStreamRedactor } from "../../src/engine/secrets/stream-redactor.js";
import { seededRandom } from "../helpers/seeded-random.js";

const KNOWN = ["kimi-secret-value-0123456789", "correct horse battery staple", "pg-P@ss/w0rd"];

/** One text per shape (the credential lines also numbered, indented, quoted) and per known value's form. */
const SECRETS = [
  "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
  "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
  "github_pat_11ABCDEFG0123456789_abcdefghij",
  "AKIAIOSFODNN7EXAMPLE",
  "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  "AIzaSyA-1234567890abcdefghijklmnopqrstu",
  "xoxb-1234567890-abcdefghij",
  "glpat-abcdefghij0123456789",
  "npm_abcdefghijklmnopqrstuvwxyz0123456789",
  "sk_live_abcdefghijklmnop1234",
  "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N",
  "Authorization: Bearer abcdefghijklmnopqrstuvwxyz0123",
  "curl -H 'Authorization: Basic dXNlcjpwYXNzd29yZDEyMw==' https://x",
  "SG.abcdefghijklmnopqrstuv.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG",
  "dop_v1_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
  "hvs.CAESIJabcdefghijklmnopqrstuvwxyz012345",
  "pypi-AgEIcHlwaS5vcmcCJGUzMjE3ZWQtYWJjZC00ZjEyLWIzNDUtNjc4OTBhYmNkZWYw",
  "ya29.a0AfH6SMBabcdefghijklmnopqrstuvwxyz0123456789",
  "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
  "DefaultEndpointsProtocol=https;AccountName=a;AccountKey=abcdefghijklmnopqrstuvwx0123456789ABCDEFGH==;",
  "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\nabcdef\n-----END RSA PRIVATE KEY-----",
  '  "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkq\\n-----END PRIVATE KEY-----\\n",',
  "client-key-data: LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlF",
  "     3\taws_session_token = FwoGZXIvYXdzEJr//////////wEaDAg0aF+session",
  '12:  "aws_session_token": "IQoJb3JpZ2luX2VjEJr"',
  "//registry.npmjs.org/:_authToken = npm-secret-token",
  "npmAuthToken: npm-secret-token-yarn",
  "     1\tmachine api.example.com\n     2\t  login ada\n     3\t  password hunter22",
  "machine h login u password hunter22",
  "4:localhost:5432:app:ada:pg-secret-9",
  "DATABASE_URL=postgres://u:s3cretpass@h/db",
  "redis://:pa55word@cache:6379/0",
  "jdbc:mysql://h/db?user=u&password=hunter22&ssl=1",
  "export GITHUB_TOKEN=abcdef123456",
  '  "client_secret": "GOCSPX-abcdefghijkl",',
  "     3\tdb_password = hunter2-plain-line",
  "password=mycnf-secret",
  '  token = "tf-token-quoted"',
  "<password>m2-password</password>",
  // Diff lines, and the shapes added with them (each has its own context to hold back).
  "-SESSION_KEY=s3ss10nK3yPlainValue\n+SESSION_KEY=n3wS3ss10nK3yValue",
  "+  api_key: k3yInAD1ffLine",
  "-----BEGIN RSA PRIVATE KEY-----\n-MIIEpAIBAAKCAQEA\n-abcdef\n------END RSA PRIVATE KEY-----",
  "new S3({ secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' })",
  "aws configure set aws_secret_access_key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  "GET https://api.example.com/v1?api_key=LowerQueryKey12345&q=1",
  '  {"api_key": "0123456789abcdef0123456789abcdef"}',
  "curl -H 'X-Api-Key: 9f8e7d6c5b4a39281706' https://api.example.com",
  "mysql -u root -h db -pMysqlInlinePw77 app",
  "redis-cli -h cache -a RedisCliPass999 ping",
  "login --password Pa55w0rdFlagValue --user ada",
  ...KNOWN.map((value) => `value ${value} end`),
  "upper KIMI-SECRET-VALUE-0123456789 end",
  `basic ${Buffer.from(`ada:${KNOWN[0]}`).toString("base64")} end`,
  `url https://ada:${encodeURIComponent(KNOWN[2]!)}@example.com end`,
];

const redact = createRedactor(KNOWN);

function streamed(pieces: string[]): string {
  const stream = createStreamRedactor(redact);
  return pieces.map((piece) => stream.push(piece)).join("") + stream.end();
}

/** The same with the stream pausing (flush) after every piece: a pause lets go nothing of a secret. */
function streamedWithPauses(pieces: string[]): string {
  const stream = createStreamRedactor(redact);
  return pieces.map((piece) => stream.push(piece) + stream.flush()).join("") + stream.end();
}

describe("a streamed secret, cut anywhere", () => {
  it.each(SECRETS)("a pause at every split offset lets no part of it go: %s", (secret) => {
    const whole = `before\n${secret}\nafter the secret\n`;
    const expected = redact(whole);
    for (let at = 0; at <= whole.length; at += 1) {
      expect(streamedWithPauses([whole.slice(0, at), whole.slice(at)]), `pause at ${at}`).toBe(expected);
    }
  });

  it.each(SECRETS)("is redacted as a whole text would be, at every split offset and char by char: %s", (secret) => {
    const whole = `before\n${secret}\nafter the secret\n`;
    const expected = redact(whole);
    expect(expected).toContain(REDACTED);
    for (let at = 0; at <= whole.length; at += 1) {
      expect(streamed([whole.slice(0, at), whole.slice(at)]), `split at ${at}`).toBe(expected);
    }
    expect(streamed([...whole])).toBe(expected);
  });

  it("holds in seeded random pieces of many secrets in a row", () => {
    const random = seededRandom(21);
    const whole = SECRETS.map((secret) => `${secret}\nsome ordinary words between them\n`).join("");
    const expected = redact(whole);
    for (let round = 0; round < 200; round += 1) {
      const pieces: string[] = [];
      for (let at = 0; at < whole.length; ) {
        const size = 1 + Math.floor(random() * 24);
        pieces.push(whole.slice(at, at + size));
        at += size;
      }
      expect(streamed(pieces), `round ${round}`).toBe(expected);
    }
  });

  it("a long run with no space (a base64 blob) goes as it comes, but for its end, and still loses every secret in it", () => {
    const random = seededRandom(7);
    const blob = () => Array.from({ length: 3000 }, () => "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+"[Math.floor(random() * 63)]).join("");
    // Secrets inside the run: a known value and its base64, and key shapes after a `/`.
    const base64 = Buffer.from(KNOWN[0]!).toString("base64");
    const whole = `${blob()}${KNOWN[0]}${blob()}/ghp_abcdefghijklmnopqrstuvwxyz0123456789/${blob()}${base64}${blob()}/sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789\n`;
    const expected = redact(whole);
    expect(expected.match(/\[redacted\]/g)).toHaveLength(4);
    for (let round = 0; round < 8; round += 1) {
      const pieces: string[] = [];
      for (let at = 0; at < whole.length; ) {
        const size = 1 + Math.floor(random() * 900);
        pieces.push(whole.slice(at, at + size));
        at += size;
      }
      expect(streamed(pieces), `round ${round}`).toBe(expected);
    }
    // With no secret in it, what waits stays short however long the run grows.
    const stream = createStreamRedactor(redact);
    let consumed = 0;
    let out = "";
    for (let i = 0; i < 100; i += 1) {
      const piece = blob();
      consumed += piece.length;
      out += stream.push(piece);
      expect(consumed - out.length).toBeLessThanOrEqual(9 * 1024);
    }
  });

  it("lets ordinary text go at once but for its last word, and a context only once it is settled", () => {
    // No known value with a space in it, so nothing more than the last word is held.
    const stream = createStreamRedactor(createRedactor([KNOWN[0]!]));
    expect(stream.push("the machine learning model is ")).toBe("the machine learning model is ");
    // The header's scheme can be any word (\`token\`, \`Digest\`, a vendor's), so the header waits for its value.
    expect(stream.push("Authorization: Bearer ")).toBe("");
    expect(stream.push("abcdefghijklmnopqrstuvwxyz0123 ok ")).toBe(`Authorization: Bearer ${REDACTED} ok `);
    expect(stream.end()).toBe("");
  });

  it("holds back as much as the longest known value with a space in it, from a word's start", () => {
    const stream = createStreamRedactor(redact);
    expect(stream.push("one two three four five six seven eight nine ten correct horse")).toBe("one two three four five six seven ");
    expect(stream.push(" battery staple, fine.")).toBe("eight nine ten ");
    expect(stream.end()).toBe(`${REDACTED}, fine.`);
  });
});
