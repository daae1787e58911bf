// The budget of MCP tools every request carries: a count and a size over all servers, kept in
// the configured order, the rest named per server. Pure: tools made by createMcpTools from
// listed tools, no server.
import { describe, expect, it } from "vitest";
import type { McpConnection } from "../../src/engine/extensions/mcp/mcp-client.js";
import { toolBytes, withinToolBudget } from "../../src/engine/extensions/mcp/mcp-tool-budget.js";
import { createMcpTools } from "../../src/engine/extensions/mcp/mcp-tools.js";

function server(name: string, tools: { name: string; description?: string }[]): McpConnection {
  return {
    server: name,
    tools: tools.map((tool) => ({ name: tool.name, description: tool.description ?? "", inputSchema: { type: "object" }, readOnly: false })),
    hidden: [],
    call: async () => ({ text: "", images: [], isError: false }),
    close: async () => {},
  };
}

describe("the MCP tool budget", () => {
  it("keeps tools in order up to the size, lets a later smaller one fit, and names the rest per server", () => {
    const long = "d".repeat(1500);
    const listed = createMcpTools([server("a", [{ name: "big1", description: long }, { name: "big2", description: long }, { name: "small" }]), server("b", [{ name: "big3", description: long }])], () => {});
    const one = toolBytes(listed[0]!.tool);
    const notices: string[] = [];
    const kept = withinToolBudget(listed, (message) => void notices.push(message), { count: 10, bytes: one + toolBytes(listed[2]!.tool) });
    expect(kept.map((entry) => entry.tool.name)).toEqual(["mcp__a__big1", "mcp__a__small"]);
    expect(notices).toEqual([
      expect.stringMatching(/^MCP server a: 1 of its 3 tools not offered \(mcp__a__big2\): .* limited to 10 and \d+ KB; a tool set \(toolSets\) chooses which are offered$/),
      expect.stringMatching(/^MCP server b: 1 of its 1 tools not offered \(mcp__b__big3\)/),
    ]);
  });

  it("never keeps more than the count, and says nothing when everything fits", () => {
    const listed = createMcpTools([server("a", Array.from({ length: 8 }, (_, index) => ({ name: `t${index}` })))], () => {});
    const notices: string[] = [];
    expect(withinToolBudget(listed, (message) => void notices.push(message), { count: 5, bytes: 1_000_000 })).toHaveLength(5);
    expect(notices).toEqual([expect.stringContaining("MCP server a: 3 of its 8 tools not offered (mcp__a__t5, mcp__a__t6, mcp__a__t7)")]);
    const quiet: string[] = [];
    expect(withinToolBudget(listed, (message) => void quiet.push(message))).toHaveLength(8);
    expect(quiet).toEqual([]);
  });
});
