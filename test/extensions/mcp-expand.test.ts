// `${VAR}` and `${VAR:-default}` in MCP server settings, as Claude Code's .mcp.json has them.
import { describe, expect, it } from "vitest";
import { expandMcpSetting } from "../../src/engine/extensions/mcp/mcp-expand.js";

const env = { GH_TOKEN: "ghp_fromenv", HOST: "mcp.example.com", EMPTY: "" };

describe("MCP settings' variables", () => {
  it("expand in a stdio server's command, args and env, with defaults and unset ones named", () => {
    const { setting, unset } = expandMcpSetting(
      { type: "stdio", command: "${HOME_BIN:-/usr/bin}/node", args: ["--token=${GH_TOKEN}", "${MISSING_B}", "$GH_TOKEN", "${EMPTY:-x}", "${EMPTY}"], env: { TOKEN: "token is ${GH_TOKEN}", A: "${MISSING_A}" } },
      env,
    );
    expect(setting).toEqual({ type: "stdio", command: "/usr/bin/node", args: ["--token=ghp_fromenv", "", "$GH_TOKEN", "x", ""], env: { TOKEN: "token is ghp_fromenv", A: "" } });
    expect(unset).toEqual(["MISSING_A", "MISSING_B"]);
  });

  it("expand in an HTTP server's url and headers", () => {
    const { setting, unset } = expandMcpSetting({ type: "http", url: "https://${HOST}/mcp", headers: { Authorization: "Bearer ${GH_TOKEN}" }, timeout: 5 }, env);
    expect(setting).toEqual({ type: "http", url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer ghp_fromenv" }, timeout: 5 });
    expect(unset).toEqual([]);
  });
});
