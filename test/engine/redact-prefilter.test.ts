// The redactor tests a string once for what any key shape needs (MAY_HOLD_KEY in redact.ts)
// before running the shape patterns. That shortcut must never skip a string a pattern
// would change: here the redactor is held to the patterns applied one by one, with no
// shortcut, on each shape's own examples (in other cases too) and on seeded random strings
// made of their pieces, mangled, and ordinary text.
import { describe, expect, it } from "vitest";
import { createRedactor, KEY_PATTERNS, REDACTED } from "../../src/engine/secrets/redact.js";
import { MAY_OPEN_CONTEXT, OPEN_CONTEXT } from "../../src/engine/secrets/secret-shapes.js";
import { seededRandom } from "../helpers/seeded-random.js";

/** What redaction was before the shortcut: every pattern, in order, on every string. */
function everyPattern(text: string): string {
  let out = text;
  for (const [pattern, keep = ""] of KEY_PATTERNS) out = out.replace(pattern, keep + REDACTED);
  return out;
}

/** One string per shape, in the order of KEY_PATTERNS, that its pattern changes. */
const EXAMPLES = [
  `key sk-ant-${"a1B_".repeat(6)}`,
  `ghp_${"Ab3".repeat(12)}`,
  `github_pat_${"x_Y9".repeat(6)}`,
  "id AKIAABCDEFGHIJKLMNOP end",
  `aws_secret_access_key = "${"aB3/+".repeat(7)}aB3xy"`,
  `AIza${"Q".repeat(35)}`,
  "xoxb-1234567890-abc",
  "xapp-1-ABCDEFGHIJ",
  `glpat-${"z".repeat(20)}`,
  `npm_${"n".repeat(36)}`,
  `hf_${"h".repeat(30)}`,
  `sk_live_${"s".repeat(16)}`,
  "eyJhbGciOiJI.eyJzdWIiOiIx.c2lnbmF0dXJl",
  `Authorization: Bearer ${"t".repeat(24)}`,
  "curl -H 'Authorization: Basic dXNlcjpwYXNzd29yZA==' x",
  "extraHeader = Authorization: token 9f8e7d6c5b4a39281706f5e4d3c2b1a0",
  `SG.${"a".repeat(22)}.${"B".repeat(43)}`,
  `dop_v1_${"0a".repeat(32)}`,
  `shpat_${"0f".repeat(16)}`,
  `hvs.${"CAESIJ".repeat(5)}`,
  `pypi-AgE${"Ic".repeat(30)}`,
  `dapi${"0123456789abcdef".repeat(2)}`,
  `PMAK-${"a1".repeat(12)}-${"0123456789abcdef".repeat(2)}01`,
  `lin_api_${"aB1".repeat(13)}x`,
  `glsa_${"aB3_".repeat(8)}`,
  `xai-${"aB3".repeat(14)}`,
  `r8_${"aB3".repeat(10)}`,
  `tvly-${"aB3".repeat(7)}`,
  `AGE-SECRET-KEY-1${"Q".repeat(58)}`,
  `ya29.a0${"Af".repeat(10)}`,
  `token 1//0g${"aB".repeat(15)}`,
  `https://hooks.slack.com/services/T0000/B0000/${"X".repeat(24)}`,
  `https://discord.com/api/webhooks/123456789012345678/${"aB_-".repeat(15)}`,
  `AccountName=a;AccountKey=${"aB3+".repeat(8)}==;`,
  `https://a.blob.core.windows.net/c?sv=1&sig=${"aB3%".repeat(5)}`,
  "-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----",
  "RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1234567890abcdefghij\n",
  "MIIEowIBAAKCAQEA1234567890abcdefghijABCDEFGHIJ1234567890\n-----END RSA PRIV",
  "client-key-data: LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlF",
  "     3\taws_session_token = FwoGZXIvYXdzEJr",
  "//registry.npmjs.org/:_authToken=npm-secret",
  'npmAuthToken: "npm-secret-token"',
  "machine example.com login me password hunter2",
  "4:localhost:5432:db:user:secretpw",
  "DATABASE_URL=postgres://user:hunter2@example.com/db",
  "url = https://9f8e7d6c5b4a39281706f5e4d3c2b1a1@github.com/x.git",
  "jdbc:mysql://h/db?user=u&password=hunter22",
  "export GITHUB_TOKEN=abcdef123456",
  '  "private_key_id": "0123456789abcdef0123456789abcdef01234567",',
  "     3\tdb_password = hunter2-plain",
  '  token = "tf-token-quoted"',
  "<password>m2-password</password>",
  '<add key="ClearTextPassword" value="nuget-pw" />',
  "curl -H 'X-Api-Key: 9f8e7d6c5b4a' https://api.example.com",
  "deploy --token tok3nValue99 --env prod",
  "mysql -u root -pMysqlInlinePw77 app",
  "redis-cli -h cache -a RedisCliPass999 ping",
];

const swapCase = (text: string) => [...text].map((ch) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase())).join("");

const ORDINARY = ["const x = 1;", "see https://example.com/a", "a:b:c", "time 12:30:45", "Bearer ${token}", "sk-", "eyJ", "\n", " ", "  ", "::", ":1:", ":*:", "@", "/", "=", "\"", "'", "\t", "3:", "KEY", "password", "machine", "default", '"auth"', ": "];

function randomText(random: () => number): string {
  const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  let text = "";
  const pieces = 1 + Math.floor(random() * 6);
  for (let i = 0; i < pieces; i += 1) {
    const roll = random();
    if (roll < 0.35) {
      // A shape's example, whole or cut at a random point, maybe with its case swapped.
      const example = pick(EXAMPLES);
      const cut = random() < 0.5 ? example : example.slice(Math.floor(random() * example.length), Math.floor(random() * example.length) + 1 + Math.floor(random() * example.length));
      text += random() < 0.2 ? swapCase(cut) : cut;
    } else if (roll < 0.7) {
      text += pick(ORDINARY);
    } else {
      // Random printable characters and newlines.
      const length = Math.floor(random() * 12);
      for (let j = 0; j < length; j += 1) text += random() < 0.1 ? "\n" : String.fromCharCode(32 + Math.floor(random() * 95));
    }
  }
  return text;
}

describe("the redactor's shortcut", () => {
  const redact = createRedactor([]);

  it("has an example for every shape, and each is redacted, in either case where the shape allows", () => {
    expect(EXAMPLES).toHaveLength(KEY_PATTERNS.length);
    KEY_PATTERNS.forEach(([pattern], index) => {
      const example = EXAMPLES[index]!;
      expect(example.replace(new RegExp(pattern.source, pattern.flags), "") !== example, `example ${index} fits ${pattern}`).toBe(true);
      expect(redact(example), example).toBe(everyPattern(example));
      expect(redact(example)).toContain(REDACTED);
      const swapped = swapCase(example);
      expect(redact(swapped), swapped).toBe(everyPattern(swapped));
    });
  });

  it("skips no string a pattern would change (seeded random strings of shape pieces and ordinary text)", () => {
    let changed = 0;
    for (const seed of [1, 2, 3, 4]) {
      const random = seededRandom(seed);
      for (let i = 0; i < 5_000; i += 1) {
        const text = randomText(random);
        const expected = everyPattern(text);
        expect(redact(text), `seed ${seed} #${i}: ${JSON.stringify(text)}`).toBe(expected);
        if (expected !== text) changed += 1;
      }
    }
    // Both verdicts occur many times over, so the comparison is not vacuous.
    expect(changed).toBeGreaterThan(2_000);
  });
});

/** One text per unfinished context OPEN_CONTEXT knows: a stream must hold back from it. */
const OPEN_CONTEXTS = [
  "aws_session_token = ", "x_security_token", "Authorization: Bearer ", "Authorization: Bas", "//registry.npmjs.org/:_authToken=",
  "npmAuthToken: ", "machine example.com login me", "default login x", '"client_secret": "', "-----BEGIN RSA", "  3\tdb_password = ",
  "export API_TOKEN", "secret_key:", "-SESSION_KEY", "+  api_key: ", "aws configure set aws_secret_access_key wJal",
  "secretAccessKey: 'wJ", "curl -H 'X-Api-Key: ", "login --password ", "mysql -u root ", "redis-cli -h cache -a ",
];

describe("the stream redactor's shortcut for unfinished contexts", () => {
  it("every context example matches both, in either case", () => {
    for (const example of OPEN_CONTEXTS) {
      for (const text of [example, swapCase(example)]) {
        expect(OPEN_CONTEXT.test(text), text).toBe(true);
        expect(MAY_OPEN_CONTEXT.test(text), text).toBe(true);
      }
    }
  });

  it("skips no string the context pattern would match (seeded random strings)", () => {
    let matched = 0;
    for (const seed of [5, 6, 7, 8]) {
      const random = seededRandom(seed);
      for (let i = 0; i < 5_000; i += 1) {
        const base = randomText(random);
        const text = random() < 0.5 ? base : base + OPEN_CONTEXTS[Math.floor(random() * OPEN_CONTEXTS.length)]!.slice(0, Math.floor(random() * 24));
        if (OPEN_CONTEXT.test(text)) {
          matched += 1;
          expect(MAY_OPEN_CONTEXT.test(text), `seed ${seed} #${i}: ${JSON.stringify(text)}`).toBe(true);
        }
      }
    }
    expect(matched).toBeGreaterThan(2_000);
  });
});
