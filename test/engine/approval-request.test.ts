import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";
import { isCriticalFile } from "../../src/engine/approval/rules/critical-files.js";
import { createApprovalGate, type ApprovalQuestion } from "../../src/engine/approval/gate/gate.js";
import type { CommandRules } from "../../src/engine/approval/rules/rules.js";
import { createDirtyCheck, mayBeInRepository } from "../../src/engine/approval/gate/git-dirty.js";
import { EventBus } from "../../src/engine/event-bus.js";
import type { AgentEvent } from "../../src/engine/events.js";
import { initialState, reduce } from "../../src/engine/state/state.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { createWorkspaceTools } from "../../src/engine/tools/workspace-tools.js";
import { createCommandTools } from "../../src/engine/tools/command/command-tools.js";

function repo(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "approval-"));
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, stdio: "pipe" });
  git("init", "-q");
  git("config", "user.email", "t@example.com");
  git("config", "user.name", "t");
  writeFileSync(path.join(root, "clean.txt"), "one\n");
  writeFileSync(path.join(root, "package.json"), "{}\n");
  git("add", ".");
  git("commit", "-qm", "init");
  writeFileSync(path.join(root, "dirty.txt"), "uncommitted\n");
  return root;
}

function rig(root: string, answer: "allow" | "deny", always = false) {
  const bus = new EventBus();
  const state = initialState();
  const events: AgentEvent[] = [];
  const questions: ApprovalQuestion[] = [];
  bus.subscribe((event) => reduce(state, event));
  bus.subscribe((event) => events.push(event));
  const jail = createJail(root);
  const tools = [
    ...createWorkspaceTools({ root, onTodos: () => {} }),
    ...createCommandTools({ root, tasksDir: path.join(root, ".tasks") }).tools,
  ];
  const rules: CommandRules = { jail, classifyCommand: (command) => classifyCommand(command, { root: jail.root }), isCriticalFile };
  const gate = createApprovalGate({
    rules,
    commandRules: () => rules,
    approver: async (question) => {
      questions.push(question);
      return { decision: answer, by: "user", always };
    },
    publish: bus.publish,
    alwaysAllowed: () => state.alwaysAllowed,
    isDirty: createDirtyCheck(root),
  });
  const tool = (name: string) => tools.find((candidate) => candidate.name === name)!;
  return { gate, tool, events, questions };
}

describe("approval requests carry what a person needs", () => {
  it("a write shows the diff and whether the file has uncommitted changes", async () => {
    const root = repo();
    const { gate, tool, events } = rig(root, "deny");
    await gate("c1", tool("write_file"), { path: "dirty.txt", content: "replaced\n" });
    await gate("c2", tool("write_file"), { path: "clean.txt", content: "two\n" });
    const requests = events.filter((event) => event.type === "approval.request");
    expect(requests[0]).toMatchObject({ uncommittedChanges: true, preview: expect.stringContaining("+replaced") });
    expect(requests[1]).toMatchObject({ uncommittedChanges: false, preview: expect.stringContaining("-one") });
  });

  it("outside a repository a write says nothing about uncommitted changes (git is not asked)", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "approval-norepo-"));
    writeFileSync(path.join(root, "plain.txt"), "one\n");
    expect(mayBeInRepository(root)).toBe(false);
    expect(mayBeInRepository(root, { GIT_DIR: "/elsewhere/.git" })).toBe(true);
    expect(mayBeInRepository(path.join(repo(), "sub", "dir"))).toBe(true);
    const { gate, tool, events } = rig(root, "deny");
    await gate("c1", tool("write_file"), { path: "plain.txt", content: "two\n" });
    const request = events.find((event) => event.type === "approval.request");
    expect(request).toMatchObject({ preview: expect.stringContaining("+two") });
    expect(request).not.toHaveProperty("uncommittedChanges");
  });

  it("a command shows its parsed parts and why it was not allowed", async () => {
    const root = repo();
    const { gate, tool, events } = rig(root, "deny");
    await gate("c1", tool("run_command"), { command: "ls && make build" });
    const request = events.find((event) => event.type === "approval.request");
    expect(request).toMatchObject({ preview: expect.stringMatching(/ls → allow[\s\S]*make build → confirm/) });
  });

  it("critical files always ask: always-allow is neither offered nor remembered", async () => {
    const root = repo();
    const { gate, tool, events, questions } = rig(root, "allow", true);
    await gate("c1", tool("write_file"), { path: "clean.txt", content: "a\n" });
    // "always" for write_file is now remembered, so an ordinary file is not asked again …
    await gate("c2", tool("write_file"), { path: "clean.txt", content: "b\n" });
    // … but package.json still is, and the question does not offer "always".
    await gate("c3", tool("write_file"), { path: "package.json", content: "{\"x\":1}\n" });
    expect(questions.map((question) => question.callId)).toEqual(["c1", "c3"]);
    expect(questions[1]).toMatchObject({ canAlwaysAllow: false });
    expect(events.find((event) => event.type === "approval.request" && event.callId === "c3")).toMatchObject({ critical: true });
    const decisions = events.filter((event) => event.type === "approval.decision");
    expect(decisions.map((event) => event.type === "approval.decision" && [event.by, event.always ?? false])).toEqual([
      ["user", true],
      ["memory", false],
      ["user", false],
    ]);
  });
});
