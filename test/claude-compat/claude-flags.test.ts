// The Agent SDK's command line → our options, and Claude Code's tool rules → ours. Pure.
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/config/cli-options.js";
import { parseClaudeFlags, wantsClaudeStream } from "../../src/claude-compat/claude-flags.js";
import { ourRules, routeApproval, splitToolList, toolPolicy } from "../../src/claude-compat/permission-flags.js";
import { claudeToolInput, claudeToolName, ourToolName } from "../../src/claude-compat/tool-names.js";

const BASE = ["--output-format", "stream-json", "--verbose", "--input-format", "stream-json"];

describe("the SDK's flags", () => {
  it("maps what the SDK passes (in its --flag=value form) onto our options", () => {
    const parsed = parseClaudeFlags([...BASE, "--max-turns=7", "--model=gpt-5-mini", "--permission-prompt-tool=stdio", "--resume=20261201T120000-abc123", "--permission-mode=acceptEdits", "--include-partial-messages", "--setting-sources=user,project", "--effort=xhigh"]);
    expect(parsed.cli).toMatchObject({ maxRounds: 7, model: "gpt-5-mini", session: { mode: "resume", id: "20261201T120000-abc123" }, thinking: "max", outputFormat: "stream-json", yes: false });
    expect(parsed).toMatchObject({ askOverStdio: true, permissionMode: "acceptEdits", partial: true, notices: [] });
  });

  it("bypassPermissions answers as --yes; plan is the look-only variant; --fork-session forks", () => {
    expect(parseClaudeFlags([...BASE, "--permission-mode", "bypassPermissions"]).cli.yes).toBe(true);
    expect(parseClaudeFlags([...BASE, "--permission-mode", "plan"]).cli.agent).toBe("plan");
    expect(parseClaudeFlags([...BASE, "--resume", "s1", "--fork-session"]).cli.session).toEqual({ mode: "fork", id: "s1" });
  });

  it("says why an accepted flag changes nothing", () => {
    const parsed = parseClaudeFlags([...BASE, "--max-budget-usd=2", "--debug"]);
    expect(parsed.notices).toEqual([expect.stringMatching(/^--debug is accepted and ignored/), expect.stringMatching(/^--max-budget-usd is accepted and ignored/)]);
  });

  it.each([
    [["--max-turns", "0"], "--max-turns"],
    [["--fork-session"], "--fork-session needs --resume"],
    [["--output-format", "json"], "needs --output-format stream-json"],
    [["--effort", "huge"], "--effort"],
    [["task"], "Unexpected argument"],
  ])("refuses %j", (args, message) => {
    expect(() => parseClaudeFlags([...BASE, ...args])).toThrow(UsageError);
    expect(() => parseClaudeFlags([...BASE, ...args])).toThrow(message);
  });

  it("is chosen by --input-format stream-json in either spelling", () => {
    expect(wantsClaudeStream(["--input-format=stream-json"])).toBe(true);
    expect(wantsClaudeStream(["--input-format", "stream-json"])).toBe(true);
    expect(wantsClaudeStream(["--output-format", "stream-json", "-p", "x"])).toBe(false);
  });
});

describe("Claude Code's tool rules as ours", () => {
  it("splits lists at commas and spaces outside parentheses", () => {
    expect(splitToolList("Bash(git log:*),Read Write(src/a b.ts)")).toEqual(["Bash(git log:*)", "Read", "Write(src/a b.ts)"]);
  });

  it("turns Claude Code's prefix form into the command alone or with arguments", () => {
    expect(ourRules("Bash(npm test:*)")).toEqual(["run_command(npm test)", "run_command(npm test *)"]);
    expect(ourRules("Edit(src/**)")).toEqual(["edit_file(src/**)"]);
    expect(ourRules("mcp__docs__search")).toEqual(["mcp__docs__search"]);
    expect(ourRules("Bash(*)")).toEqual(["run_command"]);
  });

  it("removes a wholly disallowed tool and keeps patterned ones as deny rules", () => {
    expect(toolPolicy({ allowed: "Read", disallowed: "Bash,Write(secrets/**)" })).toEqual({
      rules: { allow: ["read_file"], deny: ["run_command", "write_file(secrets/**)"] },
      removed: ["run_command"],
      problems: [],
    });
  });

  it("routes approvals by permission mode", () => {
    expect(routeApproval("acceptEdits", "edit_file")).toBe("allow");
    expect(routeApproval("acceptEdits", "run_command")).toBe("ask");
    expect(routeApproval("dontAsk", "write_file")).toBe("deny");
    expect(routeApproval("bypassPermissions", "run_command")).toBe("allow");
    expect(routeApproval("default", "write_file")).toBe("ask");
  });

  it("names tools and fields as Claude Code does, both ways", () => {
    expect(claudeToolName("run_command")).toBe("Bash");
    expect(claudeToolName("git_status")).toBe("git_status");
    expect(ourToolName("Write")).toBe("write_file");
    expect(claudeToolInput("edit_file", { path: "a.ts", old_string: "x", new_string: "y" })).toEqual({ file_path: "a.ts", old_string: "x", new_string: "y" });
    expect(claudeToolInput("run_command", { command: "ls" })).toEqual({ command: "ls" });
  });
});
