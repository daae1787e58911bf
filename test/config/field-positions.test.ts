// A wrong value in a config file is reported at its line and column, like a JSON syntax error:
// every field, nested ones at the very entry (a rule in permissions.allow, a host in
// sandbox_network), the last of a repeated key (the one JSON.parse keeps), in the user's file
// (exit 2) and in a project's (a warning, the setting skipped). Through the built CLI too.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config/config-error.js";
import { parseConfigText } from "../../src/config/config-file.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";

function messageFor(text: string, lenient = false): string {
  if (lenient) return parseConfigText(text, "/p/.agent.json", { lenient: true }).problems.join("\n");
  try {
    parseConfigText(text, "/u/config.json");
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`no error for ${text}`);
}

const CASES = [
  '{"provider": "openai", "thinking": ⟦"huge"}',
  '{\n  "first_byte_timeout_s": ⟦-1\n}',
  '{\n  "context_budget": ⟦"big",\n  "model": "m"\n}',
  '{"max_rounds": 3, "max_rounds": ⟦0}',
  '{\n\t"permissions": {\n\t\t"allow": ["read_file(a)",\n\t\t\t⟦"Bash(rm:*)"]\n\t}\n}',
  '{"permissions": {"deny": ⟦"rm"}}',
  '{"sandbox_network": ["github.com", ⟦"http://x/y"]}',
  '{"sandbox": ⟦"maybe"}',
  '{"web_search": {"provider": ⟦"bing", "api_key": "k"}}',
  '{"read_roots": ⟦[1]}',
  '{"model": ⟦""}',
  '{"agents": {"docs": {"thinking": ⟦"lots"}}}',
  '{"toolSets": {"docs": ⟦"read_file"}}',
  '{"hooks": ⟦{"NoSuchEvent": []}}',
  '{"名前": "値", "model": ⟦7}',
];

describe("config field errors", () => {
  it("name the line and column of the value at fault, strict and lenient", () => {
    for (const template of CASES) {
      const at = template.indexOf("⟦");
      const before = template.slice(0, at).split("\n");
      const text = template.replace("⟦", "");
      const where = `at line ${before.length}, column ${before.at(-1)!.length + 1}: `;
      expect(messageFor(text), template).toContain(`/u/config.json ${where}`);
      expect(messageFor(text, true), template).toContain(`/p/.agent.json ${where}`);
    }
  });

  it("the built CLI exits 2 naming the file, line and column", async () => {
    const box = makeSandbox();
    const file = path.join(box.home, "config.json");
    writeFileSync(file, '{"provider": "openai", "thinking": "huge"}\n');
    const run = await runCli(["-p", "hi"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, OPENAI_API_KEY: "sk-x" } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${file} at line 1, column 36: "thinking" must be one of off, low, medium, high, max; got "huge"`);
  });
});
