// Trust covers every workspace file a trusted hook or MCP server runs (ADR 0064): named without
// a slash (`bash hook`), resolved as node or python would (`node server`, `python -m mod`), the
// makefile `make` reads, a path through $PWD, and what a script sources beside it (its whole
// folder). Rewriting any of them after --trust-project makes the next start ask again, and the
// rewritten code does not run. Before trust, none of those files is read unjailed: a link to
// /proc/self/mem or /proc/self/pagemap is a refusal in the digest, never a crash or a hang.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { probeBubblewrap } from "../../src/engine/sandbox/bubblewrap.js";
import { makeSandbox, runCli, type Sandbox } from "../helpers/run-cli.js";

const CHANGED = "they (or the files they run) changed since you trusted this project";
const bwrapWorks = probeBubblewrap().works;

interface Variant {
  name: string;
  /** The hook command (or, with `mcp`, an MCP server's command and args). */
  command: string;
  mcp?: string[];
  /** The file that is rewritten after trust, and its first contents (v1 marks, v2 would mark again). */
  file: string;
  body: (marker: string, version: string) => string;
  /** Other files the variant needs, written once. */
  extra?: Record<string, string>;
}

const shell = (marker: string, version: string) => `echo ${version} >> '${marker}'\n`;
const js = (marker: string, version: string) => `require("fs").appendFileSync(${JSON.stringify(marker)}, "${version}\\n");\n`;
const py = (marker: string, version: string) => `open(${JSON.stringify(marker)}, "a").write("${version}\\n")\n`;

const VARIANTS: Variant[] = [
  { name: "a script named without a slash", command: "bash hook", file: "hook", body: shell },
  { name: "node's resolution of a bare name", command: `"${process.execPath}" server`, file: "server.js", body: js },
  { name: "node's resolution of a folder", command: `"${process.execPath}" srv`, file: "srv/index.js", body: js },
  { name: "a path through $PWD", command: "bash $PWD/hooks/x.sh", file: "hooks/x.sh", body: shell },
  { name: "the makefile make reads", command: "make -s hook", file: "Makefile", body: (m, v) => `hook:\n\t@echo ${v} >> '${m}'\n` },
  { name: "make -C's makefile", command: "make -s -C tools hook", file: "tools/Makefile", body: (m, v) => `hook:\n\t@echo ${v} >> '${m}'\n` },
  { name: "python -m's module", command: "python3 -m tool.run", file: "tool/run.py", body: py, extra: { "tool/__init__.py": "" } },
  {
    name: "a file a named script sources",
    command: "bash ./hooks/main.sh",
    file: "hooks/lib.sh",
    body: shell,
    extra: { "hooks/main.sh": '. "$(dirname "$0")/lib.sh"\n' },
  },
  {
    name: "a file beside a script named as Claude Code writes it",
    command: 'bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/run.sh',
    file: ".claude/hooks/lib.sh",
    body: shell,
    extra: { ".claude/hooks/run.sh": '. "$(dirname "$0")/lib.sh"\n' },
  },
  { name: "a script run after cd", command: "cd tools && bash run", file: "tools/run", body: shell },
  { name: "an MCP server's bare script", command: "", mcp: [process.execPath, "server"], file: "server.js", body: js },
];

function hasPython(): boolean {
  return ["/usr/bin/python3", "/usr/local/bin/python3", "/bin/python3"].some((file) => existsSync(file));
}

function configFor(variant: Variant): unknown {
  if (variant.mcp) return { mcpServers: { local: { command: variant.mcp[0], args: variant.mcp.slice(1) } } };
  return { hooks: { SessionStart: [{ hooks: [{ type: "command", command: variant.command }] }] } };
}

function write(box: Sandbox, relative: string, text: string): void {
  mkdirSync(path.dirname(path.join(box.workspace, relative)), { recursive: true });
  writeFileSync(path.join(box.workspace, relative), text);
}

async function start(box: Sandbox, ...flags: string[]) {
  return runCli(["-p", "hi", "--new", ...flags], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [{ text: "ok" }] }) } });
}

describe("trust covers every file a trusted command runs", () => {
  for (const variant of VARIANTS) {
    const needs = variant.name.includes("python") ? hasPython() : variant.name.includes("make") ? existsSync("/usr/bin/make") : true;
    it.skipIf(!needs)(`${variant.name}: rewritten after trust, the next start asks again and does not run it`, async () => {
      const box = makeSandbox();
      const marker = path.join(box.home, "ran");
      writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify(configFor(variant)));
      for (const [file, text] of Object.entries(variant.extra ?? {})) write(box, file, text);
      write(box, variant.file, variant.body(marker, "v1"));

      const trusted = await start(box, "--trust-project");
      expect(trusted.code, trusted.stderr).toBe(0);
      if (!variant.mcp) expect(readFileSync(marker, "utf8")).toBe("v1\n");

      write(box, variant.file, variant.body(marker, "v2"));
      const after = await start(box);
      expect(after.code, after.stderr).toBe(0);
      expect(after.stderr).toContain(CHANGED);
      expect(existsSync(marker) ? readFileSync(marker, "utf8") : "").not.toContain("v2");
    });
  }

  it.skipIf(!bwrapWorks)("a sandboxed --yes command cannot rewrite a bare-named hook script or what it sources; the next start runs the trusted one", async () => {
    const box = makeSandbox();
    const marker = path.join(box.home, "ran");
    writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: "command", command: "bash hook; bash tools/run.sh" }] }] } }));
    write(box, "hook", shell(marker, "hook-v1"));
    write(box, "tools/run.sh", '. "$(dirname "$0")/lib.sh"\n');
    write(box, "tools/lib.sh", shell(marker, "lib-v1"));
    expect((await start(box, "--trust-project")).code).toBe(0);

    const rewrite = `echo "echo pwned >> '${marker}'" > hook; echo "echo pwned >> '${marker}'" > tools/lib.sh`;
    const script = box.script({ turns: [{ tool_calls: [{ name: "run_command", arguments: { command: rewrite } }] }, { text: "ok" }] });
    const sandboxed = await runCli(["-p", "go", "--yes", "--new"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: script } });
    expect(sandboxed.code, sandboxed.stderr).toBe(0);
    expect(readFileSync(path.join(box.workspace, "hook"), "utf8")).toBe(shell(marker, "hook-v1"));
    expect(readFileSync(path.join(box.workspace, "tools/lib.sh"), "utf8")).toBe(shell(marker, "lib-v1"));

    const after = await start(box);
    expect(after.stderr).not.toContain(CHANGED);
    expect(readFileSync(marker, "utf8")).not.toContain("pwned");
  });
});

describe.skipIf(process.platform !== "linux")("before trust, files the digest covers are read jailed and bounded", () => {
  const cases: [string, (box: Sandbox, target: string) => void][] = [
    ["a guard plugin", (box, target) => {
      mkdirSync(path.join(box.workspace, ".agents", "guards"), { recursive: true });
      symlinkSync(target, path.join(box.workspace, ".agents", "guards", "x.json"));
    }],
    ["a hook's script", (box, target) => {
      writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "./h.sh" }] }] } }));
      symlinkSync(target, path.join(box.workspace, "h.sh"));
    }],
    ["a file beside a hook's script", (box, target) => {
      writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "bash hk/h.sh" }] }] } }));
      write(box, "hk/h.sh", "true\n");
      symlinkSync(target, path.join(box.workspace, "hk", "lib.sh"));
    }],
    ["the system_prompt_file", (box, target) => {
      writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify({ system_prompt_file: "p.md" }));
      symlinkSync(target, path.join(box.workspace, "p.md"));
    }],
  ];
  for (const target of ["/proc/self/mem", "/proc/self/pagemap"]) {
    for (const [name, plant] of cases) {
      it(`${name} linked to ${target}: start-up completes with the trust notice`, async () => {
        const box = makeSandbox();
        plant(box, target);
        const run = await start(box);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stderr).toContain("this project is not trusted yet");
      });
    }
  }
});
