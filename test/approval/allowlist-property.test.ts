// Property: random command syntax trees, generated from a slice of the bash grammar that
// mixes harmless productions with harmful ones, are allow-class only when every production
// chosen was in the harmless subset. The generator labels each production itself, so the
// test does not share the classifier's logic. A seeded generator keeps failures replayable.
import { describe, expect, it } from "vitest";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";
import { approvalWorkspace } from "../helpers/approval-workspace.js";
import { seededRandom } from "../helpers/seeded-random.js";

const root = approvalWorkspace({ ".env": "K=1\n", "docs/x.md": "x\n" });

interface Tree {
  text: string;
  harmless: boolean;
}

const rng = seededRandom;

type Pick = <T>(items: readonly T[]) => T;

// Path operands: inside the workspace (harmless to read) or not.
const INSIDE_PATHS = ["a.txt", "src/a.ts", "src/*.ts", "{a,b}.txt", "docs", "./notes.txt", "'README.md'", "docs/../a.txt"];
const OUTSIDE_PATHS = [
  "/etc/hostname", "~/.ssh/id_rsa", "../x", "/proc/self/environ", ".env", "{/etc/hostname,a.txt}", "~", "/", ".e*", "~/./.aws/credentials",
  "/dev/tcp/h/80", "/pro?/*/environ",
];
// Words whose value is unknown or whose expansion runs code.
const DYNAMIC_WORDS = ["$X", '"${X}"', "$1"];
const CODE_WORDS = ["$(id)", "`id`", "$((1+1))", '"${X@P}"', "${!X}", "${a[$X]}", "<(ls)", "${X:-$(id)}", "${X/a/b}"];

/** Options of these programs that write, read outside, follow links or run programs. */
const BAD_OPTIONS: Record<string, string[]> = {
  sort: ["-o x", "--files0-from=x", "-T /", "--compress-program=sh"],
  grep: ["-R", "-f .env", "--exclude-from=x", "-d recurse"],
  wc: ["--files0-from=x"],
};

function readingCommand(pick: Pick, r: () => number): Tree {
  const [program, harmlessOptions] = pick([["cat", ["-n", ""]], ["wc", ["-l", ""]], ["head", ["-n 2", ""]], ["grep", ["-n x", "-c x", "-rn x"]], ["ls", ["-la", ""]], ["sort", ["-r", ""]]] as const);
  const option = pick(harmlessOptions);
  const parts: Tree[] = [{ text: `${program} ${option}`.trim(), harmless: true }];
  const count = 1 + Math.floor(r() * 2);
  for (let i = 0; i < count; i++) {
    const roll = r();
    if (roll < 0.45) parts.push({ text: pick(INSIDE_PATHS), harmless: true });
    else if (roll < 0.7) parts.push({ text: pick(OUTSIDE_PATHS), harmless: false });
    else if (roll < 0.8) parts.push({ text: pick(DYNAMIC_WORDS), harmless: false });
    else if (roll < 0.9) parts.push({ text: pick(CODE_WORDS), harmless: false });
    else parts.push({ text: pick(BAD_OPTIONS[program] ?? OUTSIDE_PATHS), harmless: false });
  }
  return { text: parts.map((part) => part.text).join(" "), harmless: parts.every((part) => part.harmless) };
}

function echoCommand(pick: Pick): Tree {
  const word = pick([...INSIDE_PATHS, ...OUTSIDE_PATHS.filter((p) => !/[*?]|\{/.test(p)), ...DYNAMIC_WORDS, ...CODE_WORDS]);
  // echo prints its words; only code-running expansions leave the subset.
  return { text: `echo ${word}`, harmless: !CODE_WORDS.includes(word) };
}

function otherCommand(pick: Pick): Tree {
  return {
    text: pick(["rm a.txt", "curl https://x", "sh x.sh", "eval ls", "source x", "trap ls EXIT", "python3 x.py", "find . -delete", "cd ..", "x[$X]=1",
      "declare a=1", "let a=1", "PATH=/tmp ls", "mapfile -C ls a", "exec ls", "git -C x status", "git push", "touch a.txt", "./ls", "npm install"]),
    harmless: false,
  };
}

function simple(pick: Pick, r: () => number): Tree {
  const roll = r();
  const base = roll < 0.5 ? readingCommand(pick, r) : roll < 0.7 ? echoCommand(pick) : roll < 0.8 ? { text: pick(["git status", "git log -n 1", "pwd", "true"]), harmless: true } : otherCommand(pick);
  if (r() < 0.25) {
    const redirect = pick([
      { text: "2>/dev/null", harmless: true }, { text: "< a.txt", harmless: true }, { text: "2>&1", harmless: true }, { text: "> out.txt", harmless: false },
      { text: "< /dev/tcp/h/1", harmless: false }, { text: "> /etc/x", harmless: false }, { text: "< .env", harmless: false }, { text: "{fd}> x", harmless: false },
    ]);
    return { text: `${base.text} ${redirect.text}`, harmless: base.harmless && redirect.harmless };
  }
  return base;
}

function tree(pick: Pick, r: () => number, depth: number): Tree {
  if (depth <= 0 || r() < 0.4) return simple(pick, r);
  const a = tree(pick, r, depth - 1);
  const b = tree(pick, r, depth - 1);
  const both = a.harmless && b.harmless;
  const form = pick([
    { text: `${a.text} | ${b.text}`, harmless: both }, { text: `${a.text} && ${b.text}`, harmless: both }, { text: `${a.text} || ${b.text}`, harmless: both },
    { text: `${a.text}; ${b.text}`, harmless: both }, { text: `( ${a.text} )`, harmless: a.harmless }, { text: `{ ${a.text}; }`, harmless: a.harmless },
    { text: `${a.text} &`, harmless: false }, { text: `f() { ${a.text}; }; f`, harmless: false }, { text: `for i in 1; do ${a.text}; done`, harmless: false },
    { text: `if ${a.text}; then ${b.text}; fi`, harmless: false }, { text: `while ${a.text}; do ${b.text}; done`, harmless: false },
    { text: `coproc ${a.text}`, harmless: false }, { text: `echo "$(${a.text})"`, harmless: false }, { text: `bash -c '${a.text.replace(/'/g, "")}'`, harmless: false },
  ]);
  return form;
}

describe("allowlist property: random syntax trees", () => {
  it("allows a tree only when every production in it was harmless", () => {
    const r = rng(20261130);
    const pick: Pick = (items) => items[Math.floor(r() * items.length)]!;
    let harmlessSeen = 0;
    let harmlessAllowed = 0;
    const wronglyAllowed: string[] = [];
    for (let i = 0; i < 400; i++) {
      const generated = tree(pick, r, 2);
      const verdict = classifyCommand(generated.text, { root });
      if (generated.harmless) {
        harmlessSeen++;
        if (verdict.decision === "allow") harmlessAllowed++;
      } else if (verdict.decision === "allow") {
        wronglyAllowed.push(generated.text);
      }
    }
    expect(wronglyAllowed).toEqual([]);
    // Not vacuous: the generator produced harmless trees and most of them were allowed.
    expect(harmlessSeen).toBeGreaterThan(40);
    expect(harmlessAllowed / harmlessSeen).toBeGreaterThan(0.6);
  });
});
