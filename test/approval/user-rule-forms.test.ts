// What a user's rules match: a command in every form it may be written in (a program by path,
// a script through an interpreter, options before the subcommand, aliases, path operands),
// file rules across every tool and command that touches the path, and what an allow rule
// never covers. Verdicts of classifyCommand over a real workspace.
import { describe, expect, it } from "vitest";
import { approvalWorkspace } from "../helpers/approval-workspace.js";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";

const root = approvalWorkspace({ "deploy.sh": "echo deployed\n", "migrations/001.sql": "CREATE TABLE a;\n", "secret/plan.txt": "TOPSECRET\n" });
const verdict = (command: string, deny: string[] = [], allow: string[] = []) => classifyCommand(command, { root, userRules: { deny, allow } });
const decisions = (commands: string[], deny: string[], allow: string[] = []) => commands.map((command) => [command, verdict(command, deny, allow).decision]);

describe("deny rules match the command as written and as run", () => {
  it("a rule naming a program by path matches it by path, by name, absolute, and run through an interpreter", () => {
    const forms = ["./deploy.sh", "./deploy.sh --now", `${root}/deploy.sh`, "bash deploy.sh", "sh ./deploy.sh", "bash -e deploy.sh", ". ./deploy.sh", "source deploy.sh"];
    for (const rule of ["run_command(./deploy.sh*)", "run_command(deploy.sh*)"]) {
      expect(decisions(forms, [rule])).toEqual(forms.map((command) => [command, "deny"]));
    }
    expect(verdict("/usr/bin/curl https://x", ["run_command(curl *)"]).decision).toBe("deny");
    expect(verdict("curl https://x", ["run_command(/usr/bin/curl*)"]).decision).toBe("deny");
    // A program of that name found on PATH is another program: the rule named the file here.
    expect(verdict("deploy.sh", ["run_command(./deploy.sh)"]).decision).toBe("confirm");
  });

  it("skips global options before the subcommand and maps aliases", () => {
    const git = ["git -c user.name=x commit -m x", "git --no-pager commit", "git -C . commit", "git -P commit", "git --git-dir=.git commit"];
    expect(decisions(git, ["run_command(git commit*)"])).toEqual(git.map((command) => [command, "deny"]));
    const npm = ["npm --silent publish", "npm -w pkg publish", "npm --loglevel=silent install", "npm i", "npm add left-pad", "npm isntall"];
    expect(decisions(npm, ["run_command(npm publish*)", "run_command(npm install*)"])).toEqual(npm.map((command) => [command, "deny"]));
    const rest = ["docker --context default run img", "docker container run img", "make -s deploy", "make -C . deploy", "make build deploy", "cargo -q t", "kubectl -n x delete pod y"];
    const rules = ["run_command(docker run*)", "run_command(make deploy)", "run_command(cargo test*)", "run_command(kubectl delete*)"];
    expect(decisions(rest, rules)).toEqual(rest.map((command) => [command, "deny"]));
    expect(verdict("git log --oneline", ["run_command(git commit*)"]).decision).toBe("allow");
  });

  it("asks, never allows, when the subcommand cannot be known for sure", () => {
    expect(verdict("npm --unknown-option value publish", ["run_command(npm publish*)"])).toMatchObject({ decision: "confirm", reason: expect.stringMatching(/not known for sure/) });
    expect(verdict('git "$SUB"', ["run_command(git commit*)"]).decision).toBe("confirm");
  });

  it("matches path operands normalised: ./, globs, redirected input, one of several", () => {
    const forms = ["cat ./README.md", "cat README.m?", "cat README*", "cat < README.md", "cat README.md notes.txt", "cat -n README.md"];
    expect(decisions(forms, ["run_command(cat README.md)"])).toEqual(forms.map((command) => [command, "deny"]));
    expect(verdict("cat notes.txt", ["run_command(cat README.md)"]).decision).toBe("allow");
  });

  it("refuses a program known only at run time while deny rules name programs", () => {
    for (const command of ["R=rm; $R README.md", "$(echo rm) a.txt", '"$(printf rm)" a.txt', 'eval "$X"', 'bash -c "$X"']) {
      expect(verdict(command, ["run_command(rm *)"]), command).toMatchObject({ decision: "deny", reason: expect.stringMatching(/deny programs by name/) });
    }
    // Without a deny rule it asks, as before (the sandbox is what covers hidden text).
    expect(verdict("R=rm; $R README.md").decision).toBe("confirm");
  });
});

describe("file rules hold for every command that touches the path", () => {
  it("a write_file deny refuses commands whose judged writes land in the glob", () => {
    const writes = ["echo 'DROP TABLE a;' > migrations/001.sql", "cp README.md migrations/002.sql", "sed -i s/a/b/ migrations/001.sql",
      "mv migrations/001.sql old.sql", "tee migrations/x.sql < a.txt", "touch migrations/new.sql", "rm migrations/001.sql"];
    expect(decisions(writes, ["write_file(migrations/**)"])).toEqual(writes.map((command) => [command, "deny"]));
    expect(classifyCommand("echo x > migrations/001.sql", { root, sandbox: true, userRules: { deny: ["edit_file(migrations/**)"] } }).decision).toBe("deny");
    expect(verdict("cat migrations/001.sql", ["write_file(migrations/**)"]).decision).toBe("allow");
  });

  it("a read_file deny refuses literal reads and asks for a recursive read of a tree holding the path", () => {
    const reads = ["cat secret/plan.txt", "cat < secret/plan.txt", "head secret/*", "grep -r TOPSECRET secret", "cp secret/plan.txt out.txt"];
    expect(decisions(reads, ["read_file(secret/**)"])).toEqual(reads.map((command) => [command, "deny"]));
    for (const command of ["grep -r TOPSECRET .", "rg TOPSECRET", "find . -exec cat {} +"]) {
      expect(verdict(command, ["read_file(secret/**)"]), command).toMatchObject({ decision: "confirm", reason: expect.stringMatching(/secret/) });
    }
    expect(verdict("grep -r TOPSECRET src", ["read_file(secret/**)"]).decision).toBe("allow");
    expect(verdict("grep -r TOPSECRET .", ["grep(secret/**)"]).decision).toBe("confirm");
  });
});

describe("allow rules", () => {
  it("never cover an option or variable that swaps what runs", () => {
    const allow = ["run_command(npm run lint:*)", "run_command(git *)", "run_command(make *)"];
    expect(verdict("npm run lint:fix", [], allow)).toMatchObject({ decision: "allow", reason: "allowed by a rule in your configuration" });
    for (const command of ["npm run lint:fix --script-shell=./x.sh", "npm --script-shell ./x.sh run lint:fix", "PATH=/tmp npm run lint:fix",
      "git -c core.hooksPath=x commit", "make -f other.mk", "make SHELL=./x.sh build"]) {
      expect(verdict(command, [], allow).decision, command).toBe("confirm");
    }
  });

  it("never allow a write outside the workspace, and never say the command only reads", () => {
    expect(verdict("tar -cf /tmp/out.tar src", [], ["run_command(tar *)"]).decision).toBe("deny");
    expect(verdict("tar -cf out.tar src", [], ["run_command(tar *)"]).reason).toBe("allowed by a rule in your configuration");
  });
});

describe("output options are writes", () => {
  it("refuses them outside the workspace, as redirections are", () => {
    for (const command of ["tar -cf /tmp/t.tar src", "tar cf /tmp/t.tar src", "zip -r /tmp/z.zip src", "sort -o /tmp/so.txt README.md",
      "git archive -o /tmp/ga.tar HEAD", "git diff --output=/tmp/gd.txt HEAD", "shuf -o /tmp/s.txt a.txt", "find . -fprint /tmp/f.txt"]) {
      expect(classifyCommand(command, { root }).decision, command).toBe("deny");
    }
    expect(classifyCommand("tar -cf out.tar src", { root }).decision).toBe("confirm");
    expect(classifyCommand("tar -xf a.tar", { root }).decision).toBe("confirm");
  });
});
