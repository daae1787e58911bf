// Reads git answers without changing anything: a config key or the list, a stash's diff. Any
// write, edit, other file or program in the same words is refused or asked as before.
import { describe, expect, it } from "vitest";
import { approvalWorkspace } from "../helpers/approval-workspace.js";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";

const root = approvalWorkspace();
const decide = (command: string) => classifyCommand(command, { root, sandbox: false }).decision;

describe("git reads", () => {
  it.each([
    "git config user.name", "git config --get remote.origin.url", "git config --get-all remote.origin.fetch", "git config --list", "git config -l --show-origin",
    "git config --local --list", "git config core.fsmonitor", "git config get user.email", "git config list", "git stash show", "git stash show -p stash@{1}",
    "git stash show --stat 0",
    // The plumbing diffs, notes and git var (they asked before).
    "git diff-tree HEAD", "git diff-tree -r --no-commit-id --name-only HEAD", "git diff-tree --name-status -r HEAD~1 HEAD", "git diff-tree -p HEAD",
    "git diff-tree --root --stat HEAD", "git diff-tree -r --format=%H HEAD", "git diff-index HEAD", "git diff-index --cached --name-only HEAD",
    "git diff-index -p --cached HEAD -- src", "git diff-index --quiet HEAD", "git notes", "git notes list", "git notes list HEAD", "git notes show",
    "git notes show HEAD~1", "git notes --ref=review show HEAD", "git notes get-ref", "git var GIT_AUTHOR_IDENT", "git var GIT_COMMITTER_IDENT",
    "git var GIT_EDITOR", "git var GIT_PAGER", "git var GIT_DEFAULT_BRANCH",
  ])("runs unasked: %s", (command) => {
    expect(decide(command)).toBe("allow");
  });

  it.each([
    "git config user.name Evil", "git config core.fsmonitor 'touch /tmp/m'", "git config --add alias.x '!id'", "git config --unset user.name", "git config --edit",
    "git config -e", "git config --global --list", "git config --file /tmp/x --list", "git config --system -l", "git config --replace-all a.b c", "git config set user.name x",
    "git config --list user.name", "git config get", "git config --get", "git -c core.pager=x config --list", "git config $KEY", "git config --blob HEAD:x --list",
    "git stash show --output=/tmp/x", "git stash show --ext-diff", "git stash", "git stash pop", "git stash apply", "git stash show -p; git stash drop",
    // Their forms that run a program, write, read stdin or print config values.
    "git diff-tree --ext-diff -p HEAD", "git diff-tree --textconv -p HEAD", "git diff-tree --output=/tmp/x HEAD", "git diff-tree -p --output /tmp/x HEAD",
    "git diff-tree -O/tmp/order HEAD", "git diff-tree --stdin", "git diff-tree --ext HEAD", "git diff-index --ext-diff -p HEAD", "git diff-index --textconv HEAD",
    "git diff-index --output=x HEAD", "git diff-tree --no-index a b", "git -c diff.external=x diff-tree -p HEAD", "git diff-tree --submodule=diff HEAD",
    "git notes add -m x", "git notes append -m x HEAD", "git notes edit", "git notes remove HEAD", "git notes prune", "git notes copy HEAD HEAD~1",
    "git notes merge x", "git notes show -o x", "git notes list -o", "git notes show HEAD HEAD~1", "git notes --ref=x add -m y", "git notes get-ref x",
    "git var -l", "git var", "git var GIT_EDITOR GIT_PAGER", "git var SOME_OTHER", "git var -l GIT_EDITOR",
  ])("never unasked: %s", (command) => {
    expect(decide(command)).not.toBe("allow");
  });
});
