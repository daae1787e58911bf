// git's global options before the subcommand, read as git reads them: the built-in git rules
// (what a push or a hard reset is) and the canonical form user rules match against must find
// the same subcommand. `--super-prefix x` takes the next word; `--exec-path` and `--list-cmds`
// take a value only after `=`, so the word after them is the subcommand.
import { describe, expect, it } from "vitest";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";
import { canonicalForms } from "../../src/engine/approval/rules/canonical-command.js";
import type { ShellWord } from "../../src/engine/approval/shell/shell-words.js";
import { approvalWorkspace } from "../helpers/approval-workspace.js";

const words = (line: string): ShellWord[] => line.split(" ").map((value) => ({ value, literal: true, glob: false, unsafe: false, procSubst: false }));
const root = approvalWorkspace();

describe("git's global options", () => {
  it.each([
    ["git --super-prefix x push", "push"],
    ["git --super-prefix=x push", "push"],
    ["git -C . push", "push"],
    ["git --config-env x=Y push", "push"],
    ["git --namespace ns push", "push"],
  ])("%s is judged as git %s by the built-in rules", (line, sub) => {
    const verdict = classifyCommand(line, { root });
    expect(verdict.decision).not.toBe("allow");
    expect(JSON.stringify(verdict)).toContain(`git ${sub} publishes commits`);
  });

  it.each([
    ["--exec-path status", "status"],
    ["--list-cmds commit", "commit"],
    ["--super-prefix x commit", "commit"],
    ["-c a=b -C . --git-dir .git --work-tree . --namespace n --config-env k=V reset", "reset"],
  ])("git %s: the canonical form's subcommand is %s", (line, sub) => {
    expect(canonicalForms("git", words(line))?.forms[0]?.[1]).toBe(sub);
  });
});
