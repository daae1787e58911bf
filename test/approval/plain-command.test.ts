// The plain reading of a command line (ADR 0025) against the full parser: for every generated
// line the plain reading accepts, the simple commands found and the allowlist's judgement are
// exactly what mvdan-sh's tree gives; lines with any other syntax are left to the parser. The
// generator mixes plain words with reserved words, assignments, wrappers and every printable
// ASCII character, so a character wrongly taken as plain shows up as a difference.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { createPathOracle } from "../../src/engine/approval/allowlist/path-oracle.js";
import { plainWords } from "../../src/engine/approval/shell/plain-command.js";
import { parseCommandLine, parseCommandLineFully } from "../../src/engine/approval/shell/shell-parse.js";
import { strictAllow, strictAllowByTree, type StrictOptions } from "../../src/engine/approval/allowlist/strict-allow.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { approvalWorkspace } from "../helpers/approval-workspace.js";
import { seededRandom } from "../helpers/seeded-random.js";

const root = approvalWorkspace({ "src/a.ts": "x\n", "a.txt": "a\n", ".env": "K=1\n" });
const strict: StrictOptions = {
  oracle: createPathOracle(createJail(root)),
  sandbox: false,
  vouched: (name) => name === "npm",
  gitAllowed: (args) => args[0]?.value === "status",
};

const WORDS = [
  "echo", "hello", "ls", "-la", "src", "a.txt", "git", "status", "push", "npm", "test", "cat", "rm", "-rf", "/", "/etc/passwd",
  ".env", "env", "A=1", "PATH=/x", "timeout", "5", "bash", "sh", "-c", "xargs", "sudo", "find", ".", "-name", "-delete",
  "--color=auto", "node", "x:y", "a@b", "50%", "a,b", "+x", "..", "../..", "-", "--", "=x", "a=b", "of=x", "dd", "tee",
  "/dev/null", "eval", "exec", "command", "nice", "-n", "10", "chmod", "777", "curl", "python3", "head", "wc", "-l",
  // Syntax in command position, or words that are not plain at all.
  "if", "then", "fi", "for", "in", "do", "done", "time", "coproc", "function", "select", "export", "declare", "local",
  "let", "readonly", "typeset", "!", "{", "}", "[[", "]]", "[", "]", "~", "~/x", "$HOME", "*.ts", "'q'", '"d"', "|", ";",
  "&&", ">", "2>&1", "#c", "a#b", "\\x", "é", "$(id)", "a{b,c}", "x=~/y",
  // Quoted strings: plain when nothing in them expands.
  "'a b'", '"x y"', '"a*"', "'$HOME'", '"$HOME"', "'it'\"'\"s'", '""', "''", '"a\\b"', '"!x"', "'#'", '"~/x"', '"é"',
  "'abc", '"abc', '"it\'s"', "a'b'c", '"{a,b}"', "'if'", '"export"', "'A=1'", '"`id`"', "'rm -rf /'", '"a\nb"',
];
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
const BLANKS = [" ", "\t", "  ", " \t "];

function randomLine(r: () => number): string {
  const pick = <T>(items: readonly T[]) => items[Math.floor(r() * items.length)]!;
  const count = 1 + Math.floor(r() * 5);
  const words: string[] = [];
  for (let i = 0; i < count; i++) {
    let word = pick(WORDS);
    // One character of any kind inside a word, now and then.
    if (r() < 0.25) {
      const at = Math.floor(r() * (word.length + 1));
      word = word.slice(0, at) + pick(PRINTABLE) + word.slice(at);
    }
    words.push(word);
  }
  const line = words.map((word, i) => (i === 0 ? word : pick(BLANKS) + word)).join("");
  return (r() < 0.2 ? pick(BLANKS) : "") + line + (r() < 0.2 ? pick(BLANKS) : "");
}

describe("the plain reading of a command line", () => {
  it("finds exactly the commands the full parser finds, and the allowlist judges them alike", () => {
    const r = seededRandom(2025);
    let plain = 0;
    for (let i = 0; i < 4000; i++) {
      const line = randomLine(r);
      if (!plainWords(line)) continue;
      plain += 1;
      expect(parseCommandLine(line), line).toEqual(parseCommandLineFully(line));
      expect(strictAllow(line, strict), line).toEqual(strictAllowByTree(line, strict));
    }
    // The comparison means something only if many lines took the plain path.
    expect(plain).toBeGreaterThan(1000);
  });

  it("reads words split on blanks, and leaves every other syntax to the parser", () => {
    expect(plainWords("  ls \t-la   src ")?.map((word) => word.value)).toEqual(["ls", "-la", "src"]);
    expect(plainWords("git log --oneline -n 5")?.every((word) => word.literal && !word.glob)).toBe(true);
    expect(plainWords(`grep -rn "two words" 'src/*.ts' a"b"'c'`)?.map((word) => word.value)).toEqual(["grep", "-rn", "two words", "src/*.ts", "abc"]);
    for (const line of [
      "", "   ", "ls *.ts", "cat ~/.ssh/id_rsa", "echo $HOME", 'echo "$HOME"', 'echo "a\\b"', 'echo "!x"', "echo 'open", 'echo "`id`"',
      "echo 'a\nb'", "ls | wc", "a; b", "echo a#b",
      "ls\nrm -rf /", "echo a\\ b", "A=1 ls", "=x", "time ls", "export A=1", "if true", "echo {a,b}", "ls [ab]", "echo é",
      "ls > out", "ls &", "ls\r", "! ls",
    ]) {
      expect(plainWords(line), JSON.stringify(line)).toBeUndefined();
    }
  });

  it("judging a plain command, quoted words included, leaves the full parser unloaded; any other syntax loads it", () => {
    const repo = fileURLToPath(new URL("../..", import.meta.url));
    const policy = pathToFileURL(path.join(repo, "dist", "engine", "approval", "rules", "command-policy.js")).href;
    const probe = `
      import { createRequire } from "node:module";
      const { classifyCommand } = await import(${JSON.stringify(policy)});
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes("mvdan-sh"));
      const verdicts = [];
      for (const command of process.argv.slice(1)) {
        verdicts.push(classifyCommand(command, { root: ${JSON.stringify(root)} }).decision);
        verdicts.push(loaded());
      }
      console.log(JSON.stringify(verdicts));`;
    const run = (...commands: string[]) =>
      JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", probe, ...commands], { encoding: "utf8" })) as unknown[];
    expect(run("echo hello", "ls -la src", "grep -n 'two words' a.txt", "git push origin main", "rm -rf /")).toEqual([
      "allow", false, "allow", false, "allow", false, "deny", false, "deny", false,
    ]);
    expect(run("ls src | wc -l")).toEqual(["allow", true]);
  });
});
