// A resumed session goes on with the model it chose with setModel; a flag still wins, and a
// model that cannot be had any more falls back to the configured one with a notice.
import { afterEach, describe, expect, it } from "vitest";
import { openEngine } from "../../src/bootstrap.js";
import type { CliOptions } from "../../src/config/cli-options.js";
import type { AgentEvent } from "../../src/engine/events.js";
import { chatText, startScriptedServer, type FakeServer } from "../helpers/fake-openai-server.js";
import { makeSandbox } from "../helpers/run-cli.js";

const options = (session: CliOptions["session"], extra: Partial<CliOptions> = {}): CliOptions => ({
  prompt: "",
  yes: false,
  outputFormat: "text",
  session,
  sandbox: false,
  ...extra,
});

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function oneTurn(opts: CliOptions, env: NodeJS.ProcessEnv, cwd: string, prompt: string, events: AgentEvent[] = []) {
  const engine = await openEngine(opts, { version: "test", env, cwd, listener: (event) => events.push(event) });
  return { engine, events, run: async () => (engine.submit(prompt), await engine.idle()) };
}

describe("resuming a session that switched models", () => {
  it("sends the next request to the model chosen before, unless --model names another", async () => {
    server = await startScriptedServer([chatText("a"), chatText("b"), chatText("c"), chatText("d")]);
    const box = makeSandbox();
    const env = { HOME: box.home, MINI_AGENT_HOME: box.home, OPENAI_API_KEY: "sk-resume-model-test-0000", OPENAI_BASE_URL: `${server.url}/v1`, OPENAI_MODEL: "configured-model" };

    const first = await oneTurn(options({ mode: "new" }), env, box.workspace, "one");
    await first.run();
    first.engine.setModel({ model: "chosen-model" });
    first.engine.submit("two");
    await first.engine.idle();
    await first.engine.shutdown();

    const again = await oneTurn(options({ mode: "continue" }), env, box.workspace, "three");
    expect(again.events[0]).toMatchObject({ type: "session.started", model: "chosen-model", resumed: true });
    await again.run();
    await again.engine.shutdown();

    const flagged = await oneTurn(options({ mode: "continue" }, { model: "flag-model" }), env, box.workspace, "four");
    await flagged.run();
    await flagged.engine.shutdown();

    expect([0, 1, 2, 3].map((n) => server!.json(n).model)).toEqual(["configured-model", "chosen-model", "chosen-model", "flag-model"]);
  });

  it("falls back to the configured model with a notice when the chosen one cannot be had", async () => {
    server = await startScriptedServer([chatText("a"), chatText("b")]);
    const box = makeSandbox();
    const env = { HOME: box.home, MINI_AGENT_HOME: box.home, OPENAI_API_KEY: "sk-resume-model-test-0000", OPENAI_BASE_URL: `${server.url}/v1`, OPENAI_MODEL: "configured-model" };
    const first = await oneTurn(options({ mode: "new" }), env, box.workspace, "one");
    first.engine.setModel({ provider: "no-such-provider", model: "x" });
    await first.run();
    await first.engine.shutdown();
    // The switch itself failed (a custom provider needs base_url): nothing to restore.
    const again = await oneTurn(options({ mode: "continue" }), env, box.workspace, "two");
    await again.run();
    await again.engine.shutdown();
    expect([0, 1].map((n) => server!.json(n).model)).toEqual(["configured-model", "configured-model"]);
    expect(first.events.some((event) => event.type === "notice" && event.message.includes("no-such-provider"))).toBe(true);
  });
});
