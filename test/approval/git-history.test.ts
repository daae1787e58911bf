// git that makes a lost commit unrecoverable is refused like other history-destroying git:
// the reflog and unreachable objects are what brings back a deleted branch, and checkpoints
// do not hold refs. Reading the reflog, a dry run and gc's own schedule are not.
import { describe, expect, it } from "vitest";
import { approvalWorkspace } from "../helpers/approval-workspace.js";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";

const root = approvalWorkspace();
const decide = (command: string) => classifyCommand(command, { root, sandbox: false }).decision;

describe("git that destroys the way back", () => {
  it.each([
    "git reflog expire --expire=now --all", "git reflog expire --expire-unreachable=now --all", "git reflog delete HEAD@{1}",
    "git gc --prune=now", "git gc --prune=all", "git gc --pru=now", "git gc --aggressive --prune=now", "git prune", "git prune --expire=now", "git --no-pager prune",
  ])("is refused: %s", (command) => {
    expect(decide(command)).toBe("deny");
  });

  it.each(["git reflog", "git reflog show main", "git reflog exists main"])("only reads: %s", (command) => {
    expect(decide(command)).toBe("allow");
  });

  it.each(["git gc", "git gc --prune", "git gc --no-prune", "git prune -n", "git prune --dry-run"])("asks: %s", (command) => {
    expect(decide(command)).toBe("confirm");
  });
});
