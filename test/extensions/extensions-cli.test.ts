// Skills, memory and agent variants through the real CLI: what the fake provider received.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { workspaceKey } from "../../src/engine/session/session.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { recordedRequests } from "../helpers/session-files.js";

function skill(root: string, name: string, description: string, body: string): void {
  mkdirSync(path.join(root, name), { recursive: true });
  writeFileSync(path.join(root, name, "SKILL.md"), `---\nname: ${name}\ndescription: ${description}\n---\n${body}\n`);
}

const MUTATING = ["write_file", "edit_file", "run_command", "task_status", "task_stop"];

describe("skills in a session", () => {
  it("lists names and descriptions in the system prompt, and load_skill returns the body", async () => {
    const box = makeSandbox();
    skill(path.join(box.workspace, ".agents", "skills"), "release", "How this project cuts a release", "Tag with vX.Y.Z, then push the tag.");
    skill(path.join(box.home, "skills"), "release", "The user's release notes", "user body");
    mkdirSync(path.join(box.home, "skills", "bad"), { recursive: true });
    writeFileSync(path.join(box.home, "skills", "bad", "SKILL.md"), "---\nname: bad\n---\n");
    const record = path.join(box.home, "requests.jsonl");
    const script = box.script({ turns: [{ tool_calls: [{ name: "load_skill", arguments: { name: "release" } }] }, { text: "done" }] });
    const run = await runCli(["-p", "cut a release"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: script, FAKE_LLM_RECORD: record } });
    expect(run.code).toBe(0);
    expect(run.stderr.match(/skill .*bad.*SKILL\.md skipped: the frontmatter has no description/g)).toHaveLength(1);

    const [first, second] = recordedRequests(record);
    expect(first!.system).toContain("- release: How this project cuts a release");
    expect(first!.system).not.toContain("Tag with vX.Y.Z");
    expect(first!.system).not.toContain("The user's release notes");
    expect(first!.tools.map((tool) => tool.name)).toContain("load_skill");
    const result = second!.messages.find((message) => message.role === "tool");
    expect(result?.content).toContain("Tag with vX.Y.Z, then push the tag.");
  });

  it("offers no catalogue and no load_skill when there are no skills", async () => {
    const box = makeSandbox();
    const record = path.join(box.home, "requests.jsonl");
    const run = await runCli(["-p", "hi"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [{ text: "hello" }] }), FAKE_LLM_RECORD: record } });
    expect(run.code).toBe(0);
    const [request] = recordedRequests(record);
    expect(request!.tools.map((tool) => tool.name)).not.toContain("load_skill");
    expect(request!.system).not.toContain("load_skill");
    expect(request!.system).not.toContain("# Skills");
  });
});

describe("secrets in the catalogue and the memory section", () => {
  it("are redacted before the model sees them, as the prompt files are", async () => {
    const box = makeSandbox();
    const skillToken = `ghp_SkillDescToken${"1234567890abcdefABCD"}`;
    const noteToken = `ghp_HandEditedMemory${"1234567890abcdefAB"}`;
    skill(path.join(box.workspace, ".agents", "skills"), "dep", `Deploy using token ${skillToken}`, "body");
    const memoryFile = path.join(box.home, "memory", `${workspaceKey(box.workspace)}.jsonl`);
    mkdirSync(path.dirname(memoryFile), { recursive: true });
    writeFileSync(memoryFile, `${JSON.stringify({ op: "add", id: "m0a0b0c", note: `CI uses ${noteToken}`, at: "2025-03-04T05:06:07.000Z" })}\n`);
    const record = path.join(box.home, "requests.jsonl");
    const run = await runCli(["-p", "hi"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [{ text: "ok" }] }), FAKE_LLM_RECORD: record } });
    expect(run.code).toBe(0);
    const [request] = recordedRequests(record);
    expect(request!.system).toContain("- dep: Deploy using token [redacted]");
    expect(request!.system).toContain("CI uses [redacted]");
    expect(readFileSync(record, "utf8")).not.toMatch(/SkillDescToken|HandEditedMemory/);
  });
});

describe("memory", () => {
  it("survives a restart: remembered in one run, in the next run's system prompt, recalled and forgotten", async () => {
    const box = makeSandbox();
    const record = path.join(box.home, "requests.jsonl");
    const env = { MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record };
    const first = box.script({ turns: [{ tool_calls: [{ name: "remember", arguments: { note: "Tests run with npm run test:unit" } }] }, { text: "noted" }] });
    // No --yes: memory tools need no approval in print mode.
    expect((await runCli(["-p", "remember how to test"], { cwd: box.workspace, env: { ...env, FAKE_LLM: first } })).code).toBe(0);
    const files = path.join(box.home, "memory");
    const onDisk = readFileSync(path.join(files, (await import("node:fs")).readdirSync(files)[0]!), "utf8");
    const id = (JSON.parse(onDisk.split("\n")[0]!) as { id: string }).id;
    expect(recordedRequests(record)[1]!.messages.at(-1)?.content).toBe(`remembered as ${id}`);

    const second = box.script({
      turns: [
        { tool_calls: [{ name: "recall", arguments: { query: "npm TEST" } }] },
        { tool_calls: [{ name: "forget", arguments: { id } }] },
        { text: "ok" },
      ],
    });
    expect((await runCli(["-p", "how do I test?", "--new"], { cwd: box.workspace, env: { ...env, FAKE_LLM: second } })).code).toBe(0);
    const requests = recordedRequests(record);
    expect(requests[2]!.system).toMatch(new RegExp(`\\[${id} [\\d-]+ model \\w+\\] Tests run with npm run test:unit`));
    expect(requests[3]!.messages.at(-1)?.content).toContain(`[${id} `);
    expect(requests[4]!.messages.at(-1)?.content).toBe(`forgot ${id}`);

    const third = box.script({ turns: [{ text: "ok" }] });
    expect((await runCli(["-p", "again"], { cwd: box.workspace, env: { ...env, FAKE_LLM: third } })).code).toBe(0);
    expect(recordedRequests(record)[5]!.system).not.toContain("npm run test:unit");
  });

  it("keeps notes per workspace", async () => {
    const box = makeSandbox();
    const other = path.join(box.workspace, "..", "other");
    mkdirSync(other);
    const record = path.join(box.home, "requests.jsonl");
    const env = { MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record };
    const first = box.script({ turns: [{ tool_calls: [{ name: "remember", arguments: { note: "only for workspace one" } }] }, { text: "ok" }] });
    expect((await runCli(["-p", "x"], { cwd: box.workspace, env: { ...env, FAKE_LLM: first } })).code).toBe(0);
    expect((await runCli(["-p", "y"], { cwd: other, env: { ...env, FAKE_LLM: box.script({ turns: [{ text: "ok" }] }) } })).code).toBe(0);
    expect(recordedRequests(record)[2]!.system).not.toContain("only for workspace one");
  });
});

describe("agent variants", () => {
  it.each(["plan", "review"])("--agent %s sends no mutating tool and never names one", async (agent) => {
    const box = makeSandbox();
    const record = path.join(box.home, "requests.jsonl");
    const run = await runCli(["-p", "look", "--agent", agent], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [{ text: "plan" }] }), FAKE_LLM_RECORD: record } });
    expect(run.code).toBe(0);
    const raw = readFileSync(record, "utf8");
    for (const name of MUTATING) expect(raw).not.toContain(name);
    const [request] = recordedRequests(record);
    expect(request!.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["read_file", "grep", "git_diff"]));
    expect(request!.system).toContain(`# Mode: ${agent}`);
  });

  it("a model call to a withheld tool is not run", async () => {
    const box = makeSandbox();
    const record = path.join(box.home, "requests.jsonl");
    const script = box.script({ turns: [{ tool_calls: [{ name: "write_file", arguments: { path: "x.txt", content: "x" } }] }, { text: "ok" }] });
    const run = await runCli(["-p", "write", "--agent", "plan", "--yes"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: script, FAKE_LLM_RECORD: record } });
    expect(run.code).toBe(0);
    expect((await import("node:fs")).existsSync(path.join(box.workspace, "x.txt"))).toBe(false);
  });

  it("the default agent offers the mutating tools", async () => {
    const box = makeSandbox();
    const record = path.join(box.home, "requests.jsonl");
    await runCli(["-p", "go"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [{ text: "ok" }] }), FAKE_LLM_RECORD: record } });
    expect(recordedRequests(record)[0]!.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(MUTATING));
  });

  it("a config variant crosses a thinking level with a tool set", async () => {
    const box = makeSandbox();
    writeFileSync(
      path.join(box.workspace, ".agent.json"),
      JSON.stringify({ toolSets: { lookers: ["read_file", "git_*"] }, agents: { docs: { thinking: "high", toolSet: "lookers", prompt: "Write docs only." } } }),
    );
    const record = path.join(box.home, "requests.jsonl");
    const run = await runCli(["-p", "go", "--agent", "docs"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [{ text: "ok" }] }), FAKE_LLM_RECORD: record } });
    expect(run.code).toBe(0);
    const [request] = recordedRequests(record) as unknown as { tools: { name: string }[]; system: string; thinking?: string }[];
    expect(request!.tools.map((tool) => tool.name)).toEqual(["read_file", "git_status", "git_diff", "git_log"]);
    expect(request!.system).toContain("Write docs only.");
    expect(request!.system).not.toMatch(/recall|load_skill|run_command/);
    expect(request!.thinking).toBe("high");
  });

  it("an unknown agent or tool set is a usage error naming it", async () => {
    const box = makeSandbox();
    const unknown = await runCli(["-p", "go", "--agent", "wizard"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: "1" } });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--agent: unknown agent "wizard"; expected one of: default, plan, review');

    // In the user's own config a broken definition stops start-up.
    writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ agents: { docs: { toolSet: "missing" } } }));
    const missing = await runCli(["-p", "go"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: "1" } });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('agent "docs" names tool set "missing", which is not defined');

    writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ agents: { plan: {} } }));
    const builtIn = await runCli(["-p", "go"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: "1" } });
    expect(builtIn.code).toBe(2);
    expect(builtIn.stderr).toContain('agent "plan" is built in and cannot be redefined');
  });

  it("a project's broken variants are a warning: a repository cannot stop the agent from starting", async () => {
    const box = makeSandbox();
    for (const agents of [{ docs: { toolSet: "missing" } }, { plan: {} }]) {
      writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify({ agents }));
      const run = await runCli(["-p", "go", "--new"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: "1" } });
      expect(run.code).toBe(0);
      expect(run.stderr).toContain(`${path.join(box.workspace, ".agent.json")}: agent`);
      expect(run.stderr).toContain(`the project's "agents" and "toolSets" were ignored`);
    }
  });
});
