// Engine notices in the whole TUI: a notice of several lines (a missing key's advice) is drawn
// whole, breaks no frame, and goes away once the person moves on; ctrl-l repaints everything.
// A session that cannot open leaves no half-drawn screen above its reason.
import { afterEach, describe, expect, it } from "vitest";
import { chatText, startScriptedServer, type FakeServer } from "../helpers/fake-openai-server.js";
import { waitFor } from "../helpers/processes.js";
import { startApp, type RunningApp } from "./app-harness.js";

const CTRL_L = "\x0c";

let running: RunningApp | undefined;
let server: FakeServer | undefined;
afterEach(async () => {
  await running?.app.quit(0);
  await server?.close();
  running = undefined;
  server = undefined;
});

/** Rows drawn only of the editor's rule: the editor draws two, a broken frame leaves more. */
const rules = (lines: string[]) => lines.filter((line) => /^─{20,}$/.test(line)).length;

describe("a notice of several lines", () => {
  it("is drawn whole, breaks no frame, clears on the next prompt; ctrl-l repaints", async () => {
    server = await startScriptedServer([chatText("answered."), chatText("again.")]);
    // The advice names the config file under the temp dir, whose path is longer on some
    // machines (macOS's /var/folders/…, the suite's temp root): wide enough to fit 10 rows.
    running = startApp({ columns: 160, providerEnv: { OPENAI_API_KEY: "sk-test-tui-notice-0000", OPENAI_BASE_URL: `${server.url}/v1` } });
    const { terminal, app } = running;
    await waitFor(() => app.footer.info.model === "gpt-5");
    terminal.send("/model anthropic claude-x\r");
    await terminal.waitForText("cannot switch to anthropic/claude-x");
    // Every line of the advice shows, the last one too.
    await terminal.waitForText("FAKE_LLM=1");
    expect(rules(terminal.allLines())).toBe(2);
    const notice = terminal.viewport().findIndex((line) => line.includes("cannot switch to"));
    const ruleRows = terminal.viewport().flatMap((line, row) => (/^─{20,}$/.test(line) ? [row] : []));
    // The notice is under the input, not over it.
    expect(notice).toBeGreaterThan(ruleRows[1]!);

    terminal.send("hello\r");
    await terminal.waitForText("answered.");
    await terminal.waitForScreen((s) => !s.includes("cannot switch to"), "the notice to clear once a prompt is sent");
    await terminal.waitForScreen((s) => !s.includes("waiting for the model"), "the spinner to go when the turn ends");
    expect(rules(terminal.allLines())).toBe(2);

    const before = app.tui.fullRedraws;
    terminal.send(CTRL_L);
    await waitFor(() => app.tui.fullRedraws > before, 10_000, "ctrl-l to repaint the whole screen");
    await terminal.waitForText("answered.");
    expect(rules(terminal.allLines())).toBe(2);
  });

  it("a session that cannot open (no API key) takes back what was drawn before the reason is told", async () => {
    let release!: () => void;
    running = startApp({ providerEnv: {}, openGate: new Promise((resolve) => (release = resolve)) });
    const { terminal } = running;
    const failed = expect(running.exit).rejects.toThrow(/No API key found/);
    await terminal.waitForText("ctrl-c twice quit");
    release();
    await failed;
    expect(terminal.stopped).toBe(true);
    await terminal.flush();
    expect(terminal.viewport().join("\n").trim()).toBe("");
  });
});
