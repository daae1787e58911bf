// awk under the allowlist (ADR 0060): a program that only picks, counts and prints runs
// unasked; one that could run a command, write a file, read one beyond its operands or print
// the environment asks, however it is spelt. The class test runs the real awk: thousands of
// programs built at random from awk's pieces (strings and regular expressions holding what
// code must not, division that looks like a regular expression, comments), and every one the
// allowlist vouches for must, when awk really runs it, create no file, read no other file and
// print no environment variable.
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { awkProgramProblem } from "../../src/engine/approval/allowlist/awk-program.js";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";
import { approvalWorkspace } from "../helpers/approval-workspace.js";
import { seededRandom } from "../helpers/seeded-random.js";

const root = approvalWorkspace({ "d.txt": "a b 3\nc d 4\n", ".env": "K=1\n" });
const decide = (command: string) => classifyCommand(command, { root }).decision;

const READS_AND_PRINTS = [
  "awk '{print $1}' d.txt", "awk -F: '{print $1, $3}' d.txt", "awk 'NR==5' d.txt", "awk '/foo|bar/ {n++} END {print n}' d.txt",
  "awk '{s+=$3} END {print s}' d.txt", "awk -v x=1 '{print x}' d.txt", "awk 'length($0) < 80' d.txt", `awk '$1=="a" || $2=="b"' d.txt`,
  "cat d.txt | awk '{print $2}' | sort", `awk '{printf "%s>%s\\n", $1, $2}' d.txt`, "awk 'NF' d.txt", "awk '{print NR\": \"$0}' d.txt",
];

const ASKS = [
  `awk '{print > "x"}' d.txt`, `awk 'BEGIN{system("id")}'`, `awk '{print | "sh"}' d.txt`, `awk 'BEGIN{while ((getline l < "/etc/hostname") > 0) print l}'`,
  `awk 'BEGIN{ARGV[1]="/etc/hostname"; ARGC=2} {print}' d.txt`, "awk '$3 > 2' d.txt", "awk -f prog.awk d.txt", `awk '@load "x"; {print}' d.txt`,
  `awk 'BEGIN{print ENVIRON["HOME"]}'`, "awk '{print}' /etc/hostname", "awk '{print}' .env", `awk 'BEGIN { x = "a" / 2; system("id") }'`,
  `awk '{ "date" | getline d; print d }' d.txt`, `awk 'BEGIN{printf "x" >> "y"}'`, "awk --exec x d.txt",
  `awk "{print \\$1}" $F`, "awk $P d.txt",
];

describe("awk programs", () => {
  it.each(READS_AND_PRINTS)("%s runs unasked", (command) => {
    expect(decide(command)).toBe("allow");
  });

  it.each(ASKS)("%s asks", (command) => {
    expect(decide(command)).not.toBe("allow");
  });
});

/** Pieces of awk, harmless and not, joined at random into programs. */
const PIECES = [
  "{print $1}", "{ print }", "NR==2", "END{print n}", "BEGIN{", "}", "{", ";", "\n", " ", "n++", "s+=$2", "/x/", "/a|b/", "/[/]/", '"a/b"', '"\\""',
  '"x > y"', '"|"', "# c\n", "#", "a / 2", "i++ / 2", "$1 / $2", '"a" / 2', "(1) / 2", "x[1] / 2", "!/x/", "$0 ~ /re/", "||", "&&", ",",
  'system("touch MADE")', 'print > "MADE"', 'print | "touch MADE"', 'printf "x" >> "MADE"', '"touch MADE" | getline', 'getline l < "SECRET"; print l',
  'print ENVIRON["MARK"]', 'ARGV[1]="SECRET"; ARGC=2', "@include", "close(x)", "fflush()", "> 0", "|", "/", '"', "\\",
  // Divisions around code: a scan that took the first for a regular expression would skip the code.
  "{x=a/2;", "y=b/2}", '{ x = "s" / 2 ;', "z = 4/2 }", "{ q = (1)/2; ", "w = n[1]/2 }",
];

/** Whole statements, and frames around them whose own `/` a careless scan reads as a regular expression. */
const STATEMENTS = [
  "print $1", "n++", 'x = "a/b"', "print NR", 's = s "/"', 'system("touch MADE")', 'print > "MADE"', 'print | "touch MADE"',
  'getline l < "SECRET"; print l', 'print ENVIRON["MARK"]', '"touch MADE" | getline',
];
const FRAMES = [
  ["{ ", " }"], ["{ x = a / 2; ", "; y = b / 2 }"], ['{ x = "s" / 2; ', "; z = 4 / 2 }"], ["{ q = (1) / 2; ", "; w = n[1] / 2 }"],
  ["BEGIN { x = i++ / 2; ", "; y = 1 / 2 }"], ["/a/ { ", " } # /"],
];

function randomProgram(random: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  if (random() < 0.5) {
    const [open, close] = pick(FRAMES);
    return open + Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(STATEMENTS)).join("; ") + close;
  }
  let program = "";
  const count = 1 + Math.floor(random() * 8);
  for (let i = 0; i < count; i++) program += pick(PIECES);
  return program;
}

describe.skipIf(spawnSync("awk", ["BEGIN{}"]).status !== 0)("the real awk agrees", () => {
  it("every program vouched for, run by awk, makes no file, reads no other file and prints no environment", () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), "awk-outside-"));
    writeFileSync(path.join(outside, "SECRET"), "file-secret\n");
    const random = seededRandom(58);
    let vouched = 0;
    const failures: string[] = [];
    for (let i = 0; i < 3_000 && failures.length < 5; i++) {
      const program = randomProgram(random);
      if (awkProgramProblem(program) !== undefined) continue;
      vouched++;
      const dir = mkdtempSync(path.join(os.tmpdir(), "awk-run-"));
      writeFileSync(path.join(dir, "d.txt"), "a b 3\nx SECRET 4\n");
      // SECRET resolves in the outside folder only through what the program does itself.
      const run = spawnSync("awk", [program, "d.txt"], { cwd: dir, env: { PATH: process.env.PATH, MARK: "env-secret" }, input: "", encoding: "utf8", timeout: 10_000 });
      const made = readdirSync(dir).filter((name) => name !== "d.txt");
      const leaked = /env-secret|file-secret/.test(run.stdout + run.stderr);
      if (made.length > 0 || leaked || existsSync(path.join(outside, "MADE"))) failures.push(`${JSON.stringify(program)}: made ${made.join(",")}${leaked ? ", leaked" : ""}`);
    }
    expect(failures).toEqual([]);
    // The generator must reach both sides, or the test proves nothing.
    expect(vouched).toBeGreaterThan(200);
  });
});

describe("version checks (ADR 0060)", () => {
  it.each(["node --version", "node -v", "python3 -V", "python3 --version", "python --version", "git --version"])("%s runs unasked", (command) => {
    expect(decide(command)).toBe("allow");
  });

  // -v is python's verbose mode; the others may fetch or run a project's own toolchain.
  it.each(["python3 -v", "node -v x.js", "node --version --require ./x.js", "go version", "cargo --version", "yarn --version", "pnpm --version", "git --version -c x=y"])(
    "%s asks",
    (command) => {
      expect(decide(command)).not.toBe("allow");
    },
  );
});
