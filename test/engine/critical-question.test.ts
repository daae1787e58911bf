// Nothing but a person's answer lifts a critical file's question, and nothing lifts a built-in
// refusal: not a hook's or guard's "allow", not a user allow rule (for a file tool or a part of
// a command), not "always" memory. Each path is driven through the real gate and judged by the
// approval events it published and whether the approver was asked.
import { mkdtempSync, realpathSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createApprovalGate, type ApprovalQuestion, type Guard } from "../../src/engine/approval/gate/gate.js";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";
import { isCriticalFile } from "../../src/engine/approval/rules/critical-files.js";
import type { CommandRules } from "../../src/engine/approval/rules/rules.js";
import { matchUserRules, type UserRules } from "../../src/engine/approval/rules/user-rules.js";
import { EventBus } from "../../src/engine/event-bus.js";
import type { AgentEvent } from "../../src/engine/events.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { createCommandTools } from "../../src/engine/tools/command/command-tools.js";
import { createWorkspaceTools } from "../../src/engine/tools/workspace-tools.js";

const CRITICAL = [".github/workflows/x.yml", ".claude/settings.json", ".agents/skills/x/SKILL.md", "package.json"];

function rig(options: { guards?: Guard[]; userRules?: UserRules; always?: string[] } = {}) {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "critical-question-")));
  const bus = new EventBus();
  const events: AgentEvent[] = [];
  const questions: ApprovalQuestion[] = [];
  bus.subscribe((event) => events.push(event));
  const jail = createJail(root);
  const tools = [...createWorkspaceTools({ root, onTodos: () => {} }), ...createCommandTools({ root, tasksDir: path.join(root, ".tasks") }).tools];
  const rules: CommandRules = {
    jail,
    isCriticalFile,
    matchUserRules: (tool, subject) => matchUserRules(options.userRules, tool, subject),
    classifyCommand: (command) => classifyCommand(command, { root, jail, ...(options.userRules ? { userRules: options.userRules } : {}) }),
  };
  const gate = createApprovalGate({
    rules,
    commandRules: () => rules,
    ...(options.guards ? { guards: options.guards } : {}),
    approver: async (question) => {
      questions.push(question);
      return { decision: "deny", by: "flag", reason: "no --yes" };
    },
    publish: bus.publish,
    alwaysAllowed: () => options.always ?? [],
  });
  const tool = (name: string) => tools.find((candidate) => candidate.name === name)!;
  const write = (callId: string, file: string) => gate(callId, tool("write_file"), { path: file, content: "{}\n" });
  return { gate, tool, write, events, questions };
}

const hookAllows: Guard = async () => ({ decision: "allow", reason: "allowed by a hook" });

describe("a critical file's question is lifted by nothing but an answer", () => {
  it("a hook's allow skips the question for an ordinary file, never for a critical one", async () => {
    const { write, questions, events } = rig({ guards: [hookAllows] });
    expect(await write("plain", "src/a.txt")).toHaveProperty("approved");
    for (const [index, file] of CRITICAL.entries()) expect(await write(`c${index}`, file)).toHaveProperty("refused");
    expect(questions.map((question) => question.callId)).toEqual(["c0", "c1", "c2", "c3"]);
    expect(events.filter((event) => event.type === "approval.request").every((event) => event.type === "approval.request" && event.critical === true)).toBe(true);
  });

  it("a hook's allow does not lift it for a command that writes a critical file either", async () => {
    const { gate, tool, questions } = rig({ guards: [hookAllows] });
    expect(await gate("c1", tool("run_command"), { command: "echo x > .github/workflows/x.yml" })).toHaveProperty("refused");
    expect(questions.map((question) => question.callId)).toEqual(["c1"]);
  });

  it("a user allow rule does not lift it, for a file tool or for a command part that writes one", async () => {
    const { write, gate, tool, questions } = rig({ userRules: { allow: ["write_file", "run_command(cp *)"] } });
    expect(await write("plain", "src/a.txt")).toHaveProperty("approved");
    expect(await gate("cp-plain", tool("run_command"), { command: "cp a b" })).toHaveProperty("approved");
    expect(await write("c1", "package.json")).toHaveProperty("refused");
    expect(await gate("c2", tool("run_command"), { command: "cp a package.json" })).toHaveProperty("refused");
    expect(await gate("c3", tool("run_command"), { command: "cp a .claude/settings.json" })).toHaveProperty("refused");
    expect(questions.map((question) => question.callId)).toEqual(["c1", "c2", "c3"]);
  });

  it("'always' memory does not lift it", async () => {
    const { write, gate, tool, questions, events } = rig({ always: ["write_file", "run_command", "run_command: cp a package.json"] });
    expect(await write("plain", "src/a.txt")).toHaveProperty("approved");
    expect(await write("c1", ".agents/skills/x/SKILL.md")).toHaveProperty("refused");
    expect(await gate("c2", tool("run_command"), { command: "cp a package.json" })).toHaveProperty("refused");
    expect(questions.map((question) => question.callId)).toEqual(["c1", "c2"]);
    expect(events.filter((event) => event.type === "approval.decision" && event.by === "memory").map((event) => event.type === "approval.decision" && event.callId)).toEqual(["plain"]);
  });
});

describe("a built-in refusal stands whatever says allow", () => {
  it("a hook's allow, a user allow rule and memory together do not open .git or a path outside", async () => {
    const { write, gate, tool, questions } = rig({ guards: [hookAllows], userRules: { allow: ["write_file", "run_command"] }, always: ["write_file", "run_command"] });
    expect(await write("g", ".git/config")).toMatchObject({ refused: expect.stringContaining("refused") });
    expect(await write("o", "../outside.txt")).toMatchObject({ refused: expect.stringContaining("refused") });
    expect(await gate("r", tool("run_command"), { command: "rm -rf /" })).toMatchObject({ refused: expect.stringContaining("refused") });
    expect(questions).toEqual([]);
  });
});
