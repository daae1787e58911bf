import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderEventsDoc } from "../../src/engine/protocol/events-doc.js";

describe("docs/events.md", () => {
  it("matches the event schemas in the code (run `npm run docs:events` when this fails)", () => {
    const committed = readFileSync(new URL("../../docs/events.md", import.meta.url), "utf8");
    expect(committed).toBe(renderEventsDoc());
  });
});
