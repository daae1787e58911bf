// Keys given to MCP servers in the config are known values: a server that echoes one (an
// error quoting its token) must not put it in an event.
import { describe, expect, it } from "vitest";
import { createRedactor, secretsFromSettings } from "../../src/engine/secrets/redact.js";

describe("secrets configured for servers", () => {
  const settings = [
    { env: { DOCS_TOKEN: "Zq7vPlainDocsTokenValue42", LOG_LEVEL: "debug-verbose", TOKEN_LIMIT: "100000000" } },
    {
      url: "https://u:UrlPassw0rd99@mcp.example.com/mcp",
      headers: { Authorization: "Bearer Hb7PlainBearerValue", "X-Api-Key": "Xk9PlainHeaderKey", Accept: "application/json" },
    },
  ];

  it("are the values of secret-named env entries, credential headers (and a scheme's credential alone), a URL's password", () => {
    expect(secretsFromSettings(settings).sort()).toEqual(
      ["Bearer Hb7PlainBearerValue", "Hb7PlainBearerValue", "UrlPassw0rd99", "Xk9PlainHeaderKey", "Zq7vPlainDocsTokenValue42"].sort(),
    );
  });

  it("are redacted wherever a server echoes them", () => {
    const redact = createRedactor(secretsFromSettings(settings));
    expect(redact("upstream said: invalid credential Zq7vPlainDocsTokenValue42 (key Xk9PlainHeaderKey, Hb7PlainBearerValue)")).toBe(
      "upstream said: invalid credential [redacted] (key [redacted], [redacted])",
    );
  });
});
