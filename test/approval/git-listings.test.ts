// Approval fatigue: the listings an agent runs to find its way in a repository (worktrees,
// refs, branches filtered by commit, tags by pattern, a remote's URL, aliases) asked each time.
// Each runs unasked now; its writing siblings (a name that creates, a second operand that sets,
// -d, -v that runs gpg, a format that prints whole objects) still ask or are refused.
import { describe, expect, it } from "vitest";
import { approvalWorkspace } from "../helpers/approval-workspace.js";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";

const root = approvalWorkspace();
const verdict = (command: string) => classifyCommand(command, { root, sandbox: false });

describe("git listings", () => {
  it.each([
    "git worktree list", "git worktree list --porcelain", "git worktree list -v",
    "git for-each-ref", "git for-each-ref --format='%(refname:short)' refs/heads", "git for-each-ref --sort=-committerdate --count=5 refs/heads/",
    "git for-each-ref --merged HEAD --format '%(refname) %(objectname:short)'", "git show-ref", "git show-ref --heads -s",
    "git rev-list --count HEAD", "git rev-list -n 3 --reverse HEAD", "git cherry -v main",
    "git branch --contains HEAD", "git branch --merged", "git branch --no-merged main", "git branch --sort=-committerdate",
    "git branch --list 'feat*'", "git branch -a --format='%(refname:short)'", "git branch -r --points-at HEAD",
    "git tag -l", "git tag --list 'v*'", "git tag --sort=-v:refname", "git tag --contains HEAD", "git tag --points-at HEAD", "git tag -n5 'v1*'",
    "git symbolic-ref HEAD", "git symbolic-ref --short HEAD", "git symbolic-ref -q --short refs/remotes/origin/HEAD",
    "git remote get-url origin", "git remote get-url --push origin", "git config --get-regexp alias", "git config --get-regexp '^remote\\.'",
  ])("runs unasked, as read-only: %s", (command) => {
    expect(verdict(command)).toMatchObject({ decision: "allow", readOnly: true });
  });

  it.each([
    "git branch x", "git branch --sort=x newbranch", "git branch --format='%(refname)' x", "git branch -D main", "git branch --list -d x",
    "git branch -m a b", "git branch -c a b", "git branch --set-upstream-to=origin/main", "git branch --edit-description", "git branch -f x HEAD",
    "git tag v1", "git tag -d v1", "git tag -v v1", "git tag --sort=x v1", "git tag -a v1 -m x", "git tag -l -d v1", "git tag --format='%(raw)'",
    "git for-each-ref --format='%(raw)'", "git for-each-ref --stdin", "git for-each-ref --format='%(raw:size)' refs/tags", "git for-each-ref --format='%(*raw)' refs/tags", "git tag -l --format='%(*raw)'", "git for-each-ref --format='%(signature:grade)'",
    "git worktree add x", "git worktree prune", "git worktree remove x", "git worktree lock x", "git worktree list; git worktree prune", "git worktree",
    "git symbolic-ref HEAD refs/heads/x", "git symbolic-ref -d HEAD", "git symbolic-ref -m x HEAD refs/heads/y", "git symbolic-ref",
    "git remote get-url", "git remote set-url origin x", "git remote get-url origin x", "git remote add x y", "git remote show origin",
    "git show-ref --exclude-existing", "git rev-list --stdin", "git config --get-regexp", "git config --get-regexp alias --add x",
  ])("never unasked: %s", (command) => {
    expect(verdict(command).decision).not.toBe("allow");
  });
});
