// A context overflow that compaction cannot help (a first request: nothing older to
// summarise) ends its step once: the step was ended before the compaction was tried, and the
// turn's error must not end it again. Read from the session file a real engine wrote.
import { afterEach, expect, it } from "vitest";
import { startScriptedServer, status, type FakeServer } from "../helpers/fake-openai-server.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";
import { anthropicConfig, build, engineTurn, kimiConfig, sessionWorkspace } from "./harness.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const OVERFLOWS = {
  anthropic: status(400, { type: "error", error: { type: "invalid_request_error", message: "prompt is too long: 210000 tokens > 200000 maximum" } }),
  kimi: status(400, { error: { message: "Invalid request: Your request exceeded model token limit: 262144", type: "invalid_request_error" } }),
};

for (const [name, overflow] of Object.entries(OVERFLOWS)) {
  it(`${name}: an overflow on the first request ends round 1 once, then the turn with the error`, async () => {
    const dirs = sessionWorkspace();
    server = await startScriptedServer((request) => (request.path.endsWith("/models") ? status(404, {}) : overflow));
    const config = name === "anthropic" ? anthropicConfig(server.url) : kimiConfig(server.url);
    const { outcome } = await engineTurn(dirs, await build(config), { mode: "new" }, "hello");
    expect(outcome.stopReason).toBe("error");
    const lines = eventLines(onlySessionFile(dirs.home)).filter((line) => ["step.started", "step.ended", "error", "turn.ended"].includes(String(line["type"])));
    expect(lines.map((line) => [line["type"], line["round"] ?? line["kind"] ?? line["stopReason"]])).toEqual([
      ["step.started", 1],
      ["step.ended", 1],
      ["error", "context_length"],
      ["turn.ended", "error"],
    ]);
  });
}
