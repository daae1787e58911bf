// The bundle leaves zod's ~50 error-message locales out (scripts/esbuild-lean-zod.mjs) and
// keeps English, the one we use: a model's bad tool input still gets zod's English message.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUNDLE, DIST, sourcesOf } from "../helpers/bundle-graph.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";

describe("the lean bundle", () => {
  it("holds zod's English locale and no other", () => {
    const files = [BUNDLE, ...readdirSync(path.join(DIST, "chunks")).filter((name) => name.endsWith(".cjs")).map((name) => path.join(DIST, "chunks", name))];
    const locales = files.flatMap(sourcesOf).filter((source) => source.startsWith("node_modules/zod/v4/locales/"));
    expect(locales).toEqual(["node_modules/zod/v4/locales/en.js"]);
  });

  it("tells the model what was wrong with its tool input, in English", async () => {
    const box = makeSandbox();
    const script = box.script({ turns: [{ tool_calls: [{ name: "read_file", arguments: { offset: "x" } }] }, { text: "got {{last_result}}" }] });
    const run = await runCli(["-p", "read", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("invalid input for read_file: path: Invalid input: expected string, received undefined; offset: Invalid input: expected number, received string");
  });
});
