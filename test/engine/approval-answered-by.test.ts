// Whether a call was asked about travels from the gate's approval to the tool, and only from
// there: a rule, a guard or "always allow" let a call through unasked; a person or --yes
// answering a question is what lets a sandboxed command change critical files (ADR 0035).
import { mkdirSync, mkdtempSync, readFileSync, existsSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";
import { isCriticalFile } from "../../src/engine/approval/rules/critical-files.js";
import { executeApproved } from "../../src/engine/approval/gate/executor.js";
import { createApprovalGate, type ApprovalAnswer, type Guard } from "../../src/engine/approval/gate/gate.js";
import type { CommandRules } from "../../src/engine/approval/rules/rules.js";
import { EventBus } from "../../src/engine/event-bus.js";
import { probeBubblewrap } from "../../src/engine/sandbox/bubblewrap.js";
import { initialState, reduce } from "../../src/engine/state/state.js";
import { createCommandTools, type CommandTools } from "../../src/engine/tools/command/command-tools.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { defineTool, type ToolContext } from "../../src/engine/tools/tool.js";
import { builtinInput } from "../../src/engine/tools/tool-input.js";

const bwrapWorks = probeBubblewrap().works;
let base: string;
let root: string;

beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), "answered-by-"));
  root = path.join(base, "ws");
  mkdirSync(root);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

function rig(answer: ApprovalAnswer, options: { sandbox?: boolean; guards?: Guard[] } = {}) {
  const bus = new EventBus();
  const state = initialState();
  bus.subscribe((event) => reduce(state, event));
  const jail = createJail(root);
  const rules: CommandRules = { jail, classifyCommand: (command) => classifyCommand(command, { root: jail.root, jail, sandbox: options.sandbox ?? false }), isCriticalFile };
  const gate = createApprovalGate({
    rules,
    commandRules: () => rules,
    ...(options.guards ? { guards: options.guards } : {}),
    approver: async () => answer,
    publish: bus.publish,
    alwaysAllowed: () => state.alwaysAllowed,
  });
  return async (tool: Parameters<typeof gate>[1], input: Record<string, unknown>, claimed?: ToolContext["answeredBy"]) => {
    const outcome = await gate(`c${Math.random()}`, tool, input);
    if ("refused" in outcome) throw new Error(outcome.refused);
    if ("unchanged" in outcome) throw new Error(`unexpectedly answered without running: ${outcome.unchanged}`);
    return executeApproved(outcome.approved, { signal: new AbortController().signal, ...(claimed ? { answeredBy: claimed } : {}) });
  };
}

describe("the approval's answer reaches the tool", () => {
  const seen: (string | undefined)[] = [];
  const recorder = defineTool({
    name: "run_command",
    description: "records who answered",
    kind: "command",
    input: builtinInput("run_command"),
    subject: ({ command }) => ({ command }),
    async execute(_input, context) {
      seen.push(context.answeredBy);
      return { content: "ok" };
    },
  });

  it("is set when a person or --yes answered, absent when a rule, a guard or the memory let it through, whatever the caller claims", async () => {
    seen.length = 0;
    const byUser = rig({ decision: "allow", by: "user", always: true });
    await byUser(recorder, { command: "make build" });
    await byUser(recorder, { command: "make build" }, "user"); // remembered: runs without a question
    await byUser(recorder, { command: "ls" }, "user"); // the allowlist: no question either
    await rig({ decision: "allow", by: "flag" })(recorder, { command: "make build" });
    const guard: Guard = async () => ({ decision: "allow", reason: "a hook said so" });
    await rig({ decision: "deny", by: "user" }, { guards: [guard] })(recorder, { command: "make build" }, "flag");
    expect(seen).toEqual(["user", undefined, undefined, "flag", undefined]);
  });
});

describe.skipIf(!bwrapWorks)("gate, executor and the sandboxed run_command together", () => {
  let tools: CommandTools;
  beforeEach(() => {
    tools = createCommandTools({ root, tasksDir: path.join(base, "tasks"), sandbox: "workspace-write" });
  });
  afterEach(async () => tools.closeAll());
  const runCommand = () => tools.tools.find((tool) => tool.name === "run_command")!;

  it("an unasked workspace writer cannot plant .agent.json; a command --yes approved may write package.json", async () => {
    await tools.sandbox.ready();
    mkdirSync(path.join(root, "vendor"));
    writeFileSync(path.join(root, "vendor", ".agent.json"), '{"planted":true}');
    writeFileSync(path.join(root, "package.json"), '{"name":"a"}');
    const yes = rig({ decision: "allow", by: "flag", reason: "approved by --yes" }, { sandbox: true });
    // Allowed by the rules (it writes only inside the workspace, in the sandbox): no question.
    const copied = await yes(runCommand(), { command: "cp -r vendor/. ." }, "user");
    expect(copied.content).toContain("removed .agent.json");
    expect(existsSync(path.join(root, ".agent.json"))).toBe(false);
    // A program the rules cannot see into asks; --yes answers, so its write stands.
    const script = `require('fs').writeFileSync('package.json', JSON.stringify({ name: 'b' }))`;
    const written = await yes(runCommand(), { command: `node -e "${script}"` });
    expect(written.content).toContain("exit code: 0");
    expect(readFileSync(path.join(root, "package.json"), "utf8")).toBe('{"name":"b"}');
  });
});
