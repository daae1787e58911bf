// classifyCommand's options and the preview it gives a person: sandbox, user rules,
// critical files, and the parsed parts with the reason each was not auto-allowed.
import { describe, expect, it } from "vitest";
import { approvalWorkspace } from "../helpers/approval-workspace.js";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";
import { isCriticalFile } from "../../src/engine/approval/rules/critical-files.js";
import { KNOWN_TOOLS, matchUserRules, validateUserRule } from "../../src/engine/approval/rules/user-rules.js";
import { toolInputs } from "../../src/engine/tools/tool-inputs.js";

const root = approvalWorkspace();

describe("classifyCommand options", () => {
  it("lists each parsed part with its decision and reason", () => {
    const verdict = classifyCommand("git status && npm install left-pad", { root });
    expect(verdict.decision).toBe("confirm");
    expect(verdict.parts).toEqual([
      "git status → allow: git status only reads",
      "npm install left-pad → confirm: npm is not on the list of read-only commands",
    ]);
    expect(verdict.reason).toBe("npm is not on the list of read-only commands");
  });

  it("lets workspace-only writes through in the sandbox, but nothing outside and no critical file", () => {
    for (const command of ["echo hi > out.txt", "mkdir -p build/x", "touch a.txt", "rm old.txt", "cp a.txt b.txt"]) {
      expect(classifyCommand(command, { root }).decision, command).toBe("confirm");
      expect(classifyCommand(command, { root, sandbox: true }).decision, command).toBe("allow");
    }
    expect(classifyCommand("echo hi > /etc/x", { root, sandbox: true }).decision).toBe("deny");
    expect(classifyCommand("npm install", { root, sandbox: true }).decision).toBe("confirm");
    const critical = classifyCommand("echo '{}' > package.json", { root, sandbox: true });
    expect(critical).toMatchObject({ decision: "confirm", critical: true });
    expect(classifyCommand("cp x .github/workflows/ci.yml", { root }).critical).toBe(true);
  });

  it("applies user rules per part: allow a script, deny a tool, never override a built-in denial", () => {
    const userRules = { allow: ["run_command(npm run lint:*)", "run_command(rm -rf *)"], deny: ["run_command(curl *)"] };
    expect(classifyCommand("npm run lint:fix", { root, userRules }).decision).toBe("allow");
    expect(classifyCommand("npm run lint:fix && npm run build", { root, userRules }).decision).toBe("confirm");
    expect(classifyCommand("ls && curl https://x", { root, userRules }).decision).toBe("deny");
    expect(classifyCommand("rm -rf build", { root, userRules }).decision).toBe("deny");
  });
});

describe("matchUserRules", () => {
  const rules = { allow: ["run_command(npm run lint:*)", "read_file", "write_file(src/**)"], deny: ["write_file(src/secret/**)", "run_command(git *)"] };

  it("matches tool(pattern) rules, deny beating allow", () => {
    expect(matchUserRules(rules, "run_command", "npm run lint:fix --quiet")).toBe("allow");
    expect(matchUserRules(rules, "read_file", "anything")).toBe("allow");
    expect(matchUserRules(rules, "write_file", "src/a/b.ts")).toBe("allow");
    expect(matchUserRules(rules, "write_file", "src/secret/key.ts")).toBe("deny");
    expect(matchUserRules(rules, "write_file", "docs/a.md")).toBeUndefined();
  });

  it("never lets * in a command pattern cover a second command", () => {
    expect(matchUserRules(rules, "run_command", "npm run lint:x; rm -rf ~")).toBeUndefined();
    expect(matchUserRules(rules, "run_command", "npm run lint:x $(touch m)")).toBeUndefined();
    expect(matchUserRules(rules, "run_command", "ls && git push")).toBe("deny");
  });

  it("reports malformed rules", () => {
    expect(validateUserRule("run_command(npm test)")).toBeUndefined();
    expect(validateUserRule("run command(")).toMatch(/not a rule/);
  });

  it("rejects rules naming no tool, an empty pattern or a broken glob, with the right spelling", () => {
    expect(validateUserRule("Bash(rm:*)")).toMatch(/Claude Code's name.*run_command\(rm\*\)/);
    expect(validateUserRule("Write(src/**)")).toMatch(/write_file\(src\/\*\*\)/);
    expect(validateUserRule("run_comand(rm *)")).toMatch(/did you mean run_command/);
    expect(validateUserRule("run_command()")).toMatch(/empty pattern/);
    expect(validateUserRule("write_file([)")).toMatch(/unclosed \[/);
    expect(validateUserRule("mcp__docs__search")).toBeUndefined();
    // Every built-in tool is a name a rule may use.
    // (a key after ":" is a variant of one tool's input, e.g. the task tool's for read-only agents).
    for (const name of Object.keys(toolInputs)) expect(KNOWN_TOOLS.has(name.split(":", 1)[0]!), name).toBe(true);
  });
});

describe("isCriticalFile", () => {
  it("flags manifests, lockfiles, tsconfig, CI configs and the agent's own files", () => {
    for (const file of ["package.json", "packages/a/package.json", "package-lock.json", "pnpm-lock.yaml", "yarn.lock", "tsconfig.json",
      "tsconfig.build.json", ".github/workflows/ci.yml", ".ci/run.sh", ".agent.json", ".agent.md", "AGENTS.md", "./package.json"]) {
      expect(isCriticalFile(file), file).toBe(true);
    }
    for (const file of ["src/package.ts", "README.md", "docs/tsconfig.md", "src/index.ts", "github/x.yml"]) {
      expect(isCriticalFile(file), file).toBe(false);
    }
  });
});
