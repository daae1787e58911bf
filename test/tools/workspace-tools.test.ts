import { describe, expect, it } from "vitest";
import { createWorkspaceTools } from "../../src/engine/tools/workspace-tools.js";
import { makeTree, run } from "./tree.js";

describe("createWorkspaceTools", () => {
  it("offers every workspace tool once, in a stable order, each with a JSON-schema-able input", () => {
    const tools = createWorkspaceTools({ root: makeTree({}), onTodos: () => {} });
    expect(tools.map((t) => t.name)).toEqual([
      "read_file", "list_files", "glob", "grep", "write_file", "edit_file", "todo_write", "git_status", "git_diff", "git_log", "web_fetch",
    ]);
    for (const tool of tools) {
      expect(tool.description.length).toBeGreaterThan(20);
      expect(tool.input.schema).toMatchObject({ type: "object" });
    }
    expect(tools.filter((t) => t.kind === "write").map((t) => t.name)).toEqual(["write_file", "edit_file"]);
    expect(tools.filter((t) => t.preview).map((t) => t.name)).toEqual(["write_file", "edit_file"]);
  });

  it("shares one jail (with read roots) across the tools", async () => {
    const outside = makeTree({ "docs/guide.md": "read me\n" });
    const root = makeTree({ "a.txt": "a\n" });
    const tools = createWorkspaceTools({ root, readRoots: [`${outside}/docs`], onTodos: () => {} });
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect((await run(byName.read_file!, { path: `${outside}/docs/guide.md` })).content).toBe("1\tread me");
    expect((await run(byName.grep!, { pattern: "read", path: `${outside}/docs` })).content).toBe(`${outside}/docs/guide.md:1: read me`);
  });
});
