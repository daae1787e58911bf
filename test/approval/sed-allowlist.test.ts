// sed under the allowlist: a script that only selects, edits and prints runs unasked; one that
// could write a file, read one the jail never saw or run a command asks, however it is spelt.
// GNU sed's own --sandbox (which refuses w, W, r, R, e and the e/w flags) is the second
// opinion: every script the allowlist vouches for must also run under it.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../helpers/seeded-random.js";
import { approvalWorkspace } from "../helpers/approval-workspace.js";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";
import { sedScriptProblem } from "../../src/engine/approval/allowlist/sed-script.js";

const root = approvalWorkspace();
const decide = (command: string, sandbox = false) => classifyCommand(command, { root, sandbox }).decision;

const PRINT_ONLY = [
  "1,20p", "100,150p", "$p", "/TODO/p", "/^import/,/^$/p", "0,/foo/p", "2~3p", "5,+3p", "10,~4p", "/x/Ip", "\\%a/b%p", "$!d", "1d;$d",
  "s/foo/bar/", "s/foo/bar/g", "s/a/b/2p", "s|/usr|/opt|gI", "s/[[:space:]]*$//", "y/abc/xyz/", "=", "l", "l 40", "q", "q 5", "3q",
  "/start/,/end/{/skip/d;p}", ":a;N;$!ba;s/\\n/ /g", "/x/!p", "1{h;d};G", "# a comment\np", "n;p", "a appended text", "2i inserted", "$c changed",
  "s/x/[w]/", "s/x/a\\/b/", "",
];

const WRITES_READS_OR_RUNS = [
  "w /tmp/x", "1w/tmp/x", "W /tmp/x", "s/a/b/w /tmp/x", "s/a/b/gw /tmp/x", "s/a/b/e", "s/a/id/ge", "e id", "1e touch /tmp/m", "r /etc/passwd",
  "R /etc/hostname", "$r ~/.ssh/id_rsa", "s/[/]/x/w /tmp/x", "s/[[:alpha:]/]/x/w /tmp/x", "s/[\\/]/x/w /tmp/x", "/x/{w /tmp/x\n}", "v; w /tmp/x",
  "p;w /tmp/x", "s/a/b/;e id", "1{p;e id\n}", "s/a/b", "y/ab/c/w x", "L", "1{", "}", "s/a/b/ w /tmp/x",
  // GNU ends a label at a blank and reads what follows as the next command.
  ":a e touch /tmp/m", ":a w /tmp/x", ":a\tr /etc/passwd", "b x e id", "t x\tw /tmp/x", "T x W /tmp/x", "ba e id", "{b a e id\n}",
];

describe("sed scripts", () => {
  it.each(PRINT_ONLY)("vouches for %j", (script) => {
    expect(sedScriptProblem(script)).toBeUndefined();
  });

  it.each(WRITES_READS_OR_RUNS)("does not vouch for %j", (script) => {
    expect(sedScriptProblem(script)).toMatch(/a sed script that may write, read or run something/);
  });

  it.skipIf(spawnSync("sed", ["--version"]).stdout?.toString().includes("GNU") !== true)("every script it vouches for also runs under GNU sed's --sandbox", () => {
    for (const script of PRINT_ONLY) {
      const run = spawnSync("sed", ["--sandbox", "-n", "-e", script], { input: "a\nb\nfoo TODO x\n", encoding: "utf8" });
      expect(run.stderr, script).not.toMatch(/disabled in sandbox mode/);
    }
    // And it refuses what the allowlist refuses for writing, reading or running (those it can parse).
    for (const script of ["w /tmp/x", "s/a/b/w /tmp/x", "s/a/b/e", "e id", "r /etc/passwd", "s/[/]/x/w /tmp/x"]) {
      const run = spawnSync("sed", ["--sandbox", "-n", "-e", script], { input: "a\n", encoding: "utf8" });
      expect(run.stderr, script).toMatch(/disabled in sandbox mode/);
    }
  });
});

/** Pieces of sed syntax, harmless and not, joined at random into scripts. */
const PIECES = [
  ":a", ":b ", "b", "ba", "b a", "t", "T x", "t b", " ", "\t", ";", "\n", "{", "}", "!", "1", "$", ",", "2~3", ",+2", "/x/", "\\%x%",
  "p", "d", "n", "N", "=", "l 5", "q", "h;G", "s/a/b/", "s/a/b/g", "s|x|y|p", "y/ab/cd/", "a text", "i\\", "#c",
  "e", "e id", "w x", "W x", "r /etc/hostname", "R x", "s/a/b/w x", "s/a/b/e", "x", "z", "F",
];

function randomScript(random: () => number): string {
  let script = "";
  const count = 1 + Math.floor(random() * 7);
  for (let i = 0; i < count; i++) script += PIECES[Math.floor(random() * PIECES.length)];
  return script;
}

describe("sed scripts at random", () => {
  it.skipIf(spawnSync("sed", ["--version"]).stdout?.toString().includes("GNU") !== true)(
    "every random script it vouches for runs under GNU sed's --sandbox",
    () => {
      const random = seededRandom(0x5ed);
      const vouched: string[] = [];
      for (let i = 0; i < 20_000 && vouched.length < 400; i++) {
        const script = randomScript(random);
        if (sedScriptProblem(script) === undefined) vouched.push(script);
      }
      expect(vouched.length).toBeGreaterThan(200);
      const escaped: string[] = [];
      for (const script of vouched) {
        const run = spawnSync("sed", ["--sandbox", "-n", "-e", script], { input: "a\nb\nx\n", encoding: "utf8" });
        if (/disabled in sandbox mode/.test(run.stderr)) escaped.push(script);
      }
      expect(escaped).toEqual([]);
    },
  );
});

describe("sed commands", () => {
  it.each(["sed -n '1,20p' src/a.ts", "sed -n -E '/^(a|b)/p' README.md", "sed 's/foo/bar/g' a.txt", "cat a.txt | sed -n '$p'", "sed --quiet '5q' a.txt", "sed -ne '1p'".replace("-ne", "-n")])(
    "runs unasked: %s",
    (command) => {
      expect(decide(command)).toBe("allow");
    },
  );

  it.each([
    "sed -i 's/a/b/' a.txt", "sed --in-place 's/a/b/' a.txt", "sed --in 's/a/b/' a.txt", "sed -n 'w /tmp/x' a.txt", "sed -n \"$SCRIPT\" a.txt",
    "sed -f script.sed a.txt", "sed -n '1p' .env", "sed -n '1p' ~/.ssh/id_rsa", "sed -n '1p' /etc/passwd", "sed -e 's/a/b/e' a.txt",
    "sed -n 's/a/b/e' a.txt", "sed -n '1r /etc/shadow' a.txt", "sed -n 1p *",
  ])("asks or refuses: %s", (command) => {
    expect(decide(command)).not.toBe("allow");
    expect(decide(command, true)).not.toBe("allow");
  });
});
