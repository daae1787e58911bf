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
  ])("runs unasked: %s", (command) => {
    expect(decide(command)).toBe("allow");
  });

  it.each([
    "git config user.name Evil", "git config core.fsmonitor 'touch /tmp/m'", "git config --add alias.x '!id'", "git config --unset user.name", "git config --edit",
    "git config -e", "git config --global --list", "git config --file /tmp/x --list", "git config --system -l", "git config --replace-all a.b c", "git config set user.name x",
    "git config --list user.name", "git config get", "git config --get", "git -c core.pager=x config --list", "git config $KEY", "git config --blob HEAD:x --list",
    "git stash show --output=/tmp/x", "git stash show --ext-diff", "git stash", "git stash pop", "git stash apply", "git stash show -p; git stash drop",
  ])("never unasked: %s", (command) => {
    expect(decide(command)).not.toBe("allow");
  });
});
