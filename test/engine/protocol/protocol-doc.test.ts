import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { opNames } from "../../../src/engine/protocol/ops.js";
import { renderProtocolDoc } from "../../../src/engine/protocol/protocol-doc.js";

describe("docs/protocol.md", () => {
  it("matches the op schemas in the code (run `npm run docs:protocol` when this fails)", () => {
    const committed = readFileSync(new URL("../../../docs/protocol.md", import.meta.url), "utf8");
    expect(committed).toBe(renderProtocolDoc());
    for (const name of opNames) expect(committed).toContain(`### \`${name}\``);
  });
});
