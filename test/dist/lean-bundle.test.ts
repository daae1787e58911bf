// The bundle leaves zod's ~50 error-message locales out (scripts/esbuild-lean-zod.mjs) and
// keeps English, the one we use: a model's bad tool input still gets zod's English message.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";

const dist = fileURLToPath(new URL("../../dist", import.meta.url));

describe("the lean bundle", () => {
  it("holds zod's English locale and no other", () => {
    const files = ["cli.bundle.js", ...readdirSync(path.join(dist, "chunks")).map((name) => `chunks/${name}`)];
    const locales = files.flatMap((file) => [...readFileSync(path.join(dist, file), "utf8").matchAll(/^\/\/ node_modules\/zod\/v4\/locales\/(\S+)$/gm)].map((m) => m[1]));
    expect(locales).toEqual(["en.js"]);
  });

  it("tells the model what was wrong with its tool input, in English", async () => {
    const box = makeSandbox();
    const script = box.script({ turns: [{ tool_calls: [{ name: "read_file", arguments: { offset: "x" } }] }, { text: "got {{last_result}}" }] });
    const run = await runCli(["-p", "read", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("invalid input for read_file: path: Invalid input: expected string, received undefined; offset: Invalid input: expected number, received string");
  });
});
