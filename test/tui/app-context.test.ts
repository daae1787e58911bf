// The context figures in the footer and /compact, through the whole TUI over a real engine
// session (FAKE_LLM scripts; FAKE_LLM_RECORD shows what the model was sent).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/processes.js";
import { makeSandbox } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile, recordedRequests } from "../helpers/session-files.js";
import { startApp, type RunningApp } from "./app-harness.js";

let running: RunningApp | undefined;
afterEach(async () => {
  await running?.app.quit(0);
  running = undefined;
});

type Sent = ReturnType<typeof recordedRequests>[number] & { purpose?: string };

describe("context in the TUI", () => {
  it("the footer shows tokens used against the configured budget, with the percentage", async () => {
    const box = makeSandbox();
    writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify({ context_budget: 20_000 }));
    running = startApp({ box, script: { turns: [{ text: "short answer." }] } });
    const { terminal, app } = running;
    await terminal.waitForText("ctx 0/20k (0%)");
    terminal.send("hello\r");
    await terminal.waitForText("short answer.");
    await waitFor(() => app.footer.info.contextTokens > 0);
    const used = app.footer.info.contextTokens;
    const expected = `/20k (${Math.round((used / 20_000) * 100)}%)`;
    await terminal.waitForScreen((s) => s.includes(expected), `the footer to show ${expected}`);
  });

  it("without context_budget the budget is the model's window minus the answer's room", async () => {
    running = startApp({ script: { turns: [{ text: "ok" }] } });
    // fake-scripted is not in the table: the default window 128k less a 16,384-token reserve.
    await running.terminal.waitForText("ctx 0/112k (0%)");
    expect(running.app.footer.info.contextWindow).toBe(128_000 - 16_384);
  });

  it("/compact sends the instructions to the summary, draws one dim line, and the footer follows", async () => {
    const box = makeSandbox();
    // The long first answer is more than the third of the budget /compact keeps: it is summarised.
    writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify({ context_budget: 8000 }));
    const record = path.join(path.dirname(box.home), "requests.jsonl");
    running = startApp({
      box,
      record,
      script: {
        turns: [{ text: "first answer " + "words ".repeat(1600) }, { text: "second answer." }, { text: "third answer." }],
        summaries: [{ text: "Goal: the first thing." }],
      },
    });
    const { terminal, app } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("do the first thing\r");
    await terminal.waitForText("first answer");
    terminal.send("now the second\r");
    await terminal.waitForText("second answer.");
    await waitFor(() => app.footer.info.contextTokens > 0);
    const before = app.footer.info.contextTokens;
    terminal.send("/compact keep the API names\r");
    await terminal.waitForText("context compacted (manual)");
    const sent = recordedRequests(record) as Sent[];
    expect(sent.map((r) => r.purpose ?? "turn")).toEqual(["turn", "turn", "summary"]);
    expect(sent[2]!.messages.at(-1)!.content).toMatch(/keep the API names/);
    // The footer follows the compacted size the engine reported (no request was sent since).
    const compacted = eventLines(onlySessionFile(box.home)).find((e) => e.type === "context.compacted")!;
    expect(compacted).toMatchObject({ trigger: "manual", instructions: "keep the API names" });
    await waitFor(() => app.footer.info.contextTokens === compacted.tokensAfter);
    expect(compacted.tokensAfter).not.toBe(before);
    terminal.send("and the third\r");
    await terminal.waitForText("third answer.");
    expect(recordedRequests(record)[3]!.messages[0]!.content).toMatch(/Goal: the first thing\./);
  });

  it("/compact on a short conversation keeps it when the summary would be no smaller, and says so", async () => {
    running = startApp({ script: { turns: [{ text: "one." }, { text: "two." }], summaries: [{ text: "Goal: the first thing, said at length." }] } });
    const { terminal } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("first\r");
    await terminal.waitForText("one.");
    terminal.send("second\r");
    await terminal.waitForText("two.");
    terminal.send("/compact\r");
    await terminal.waitForText("nothing compacted: the summary would be no smaller than the conversation");
    expect(terminal.allLines().join("\n")).not.toContain("context compacted");
  });

  it("/compact with nothing to summarise says why", async () => {
    running = startApp({ script: { turns: [{ text: "ok" }] } });
    const { terminal } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("/compact\r");
    await terminal.waitForText("nothing compacted:");
    expect(terminal.allLines().join("\n")).not.toContain("context compacted");
  });
});
