// Verdict.readOnly (ADR 0022): only a command the strict allowlist proves read-only is
// marked; what the sandbox lets through (workspace writers, write redirections) and what
// is vouched for (the project's tests, a user's allow rule) is allowed but may write.
import { describe, expect, it } from "vitest";
import { approvalWorkspace } from "../helpers/approval-workspace.js";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";
import { changesNoFile, type CommandRules } from "../../src/engine/approval/rules/rules.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";

const root = approvalWorkspace({ "package.json": JSON.stringify({ scripts: { test: "vitest run" } }) });

describe("Verdict.readOnly", () => {
  it("marks commands the allowlist proves read-only, with or without the sandbox", () => {
    for (const command of ["echo hello", "ls -la src", "cat a.txt | grep a | wc -l", "git status", "grep -rn x src > /dev/null", "find . -name '*.ts'"]) {
      for (const sandbox of [false, true]) {
        expect(classifyCommand(command, { root, sandbox }), `${command} (sandbox ${sandbox})`).toMatchObject({ decision: "allow", readOnly: true });
      }
    }
  });

  it("never marks what the sandbox lets write, nor the tests or a user's allow rule", () => {
    for (const command of ["touch made.txt", "mkdir -p build/x", "echo hi > out.txt", "cp a.txt c.txt", "rm b.txt", "ls | tee list.txt"]) {
      const verdict = classifyCommand(command, { root, sandbox: true });
      expect(verdict.decision, command).toBe("allow");
      expect(verdict.readOnly, command).toBeUndefined();
    }
    const tests = classifyCommand("npm test", { root, sandbox: true });
    expect(tests.decision).toBe("allow");
    expect(tests.readOnly).toBeUndefined();
    const ruled = classifyCommand("make lint", { root, userRules: { allow: ["run_command(make lint)"] } });
    expect(ruled.decision).toBe("allow");
    expect(ruled.readOnly).toBeUndefined();
    // Asked or refused: never read-only, whatever it would do.
    expect(classifyCommand("touch made.txt", { root }).readOnly).toBeUndefined();
    expect(classifyCommand("cat /etc/shadow", { root }).readOnly).toBeUndefined();
  });

  it("changesNoFile: reading tools and proved commands only; writes and edits never", () => {
    const jail = createJail(root);
    const rules: CommandRules = { jail, classifyCommand: (command) => classifyCommand(command, { root, jail, sandbox: true }) };
    const command = (text: string) => ({ name: "run_command", kind: "command" as const, subject: { command: text } });
    expect(changesNoFile({ name: "read_file", kind: "read", subject: { paths: ["a.txt"] } }, rules)).toBe(true);
    expect(changesNoFile(command("ls src"), rules)).toBe(true);
    expect(changesNoFile(command("touch made.txt"), rules)).toBe(false);
    expect(changesNoFile(command("npm test"), rules)).toBe(false);
    expect(changesNoFile(command("rm -rf /"), rules)).toBe(false);
    expect(changesNoFile({ name: "write_file", kind: "write", subject: { paths: ["a.txt"] } }, rules)).toBe(false);
    expect(changesNoFile({ name: "mcp_call", kind: "external", subject: {} }, rules)).toBe(false);
  });
});
