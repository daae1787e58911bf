// The approval frame says how big an edit is (+N −M, counted from its diff) before its first
// lines, and `n` tells the model not to go around the person but to ask what to do instead.
// Real keys on a virtual terminal over a real engine session; what the model received is read
// from FAKE_LLM_RECORD.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./app-harness.js";

let running: RunningApp | undefined;
afterEach(async () => {
  await running?.app.quit(0);
  running = undefined;
});

function lastToolMessage(record: string): { content: string } {
  const requests = readFileSync(record, "utf8").trim().split("\n").map((line) => JSON.parse(line) as { messages: { role: string; content: string }[] });
  return requests.at(-1)!.messages.filter((message) => message.role === "tool").at(-1)!;
}

describe("the approval frame", () => {
  it("counts the lines an edit adds and removes; n with no note tells the model to ask instead", async () => {
    const record = path.join(process.env.HOME ?? "/tmp", `requests-${Math.random().toString(36).slice(2)}.jsonl`);
    const edit = { name: "edit_file", arguments: { path: "notes.txt", old_string: "two\n", new_string: "2\n2b\n2c\n" } };
    running = startApp({ script: { turns: [{ tool_calls: [edit] }, { text: "Understood. What should I do instead?" }] }, record });
    const { terminal, box } = running;
    writeFileSync(path.join(box.workspace, "notes.txt"), "one\ntwo\nthree\n");
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("change it\r");
    await terminal.waitForText("y allow once");
    await terminal.waitForScreen((screen) => /\? edit_file notes\.txt {2}\+3 −1/.test(screen), "the line counts in the title");
    terminal.send("n");
    await terminal.waitForText("note for the model");
    terminal.send("\r");
    await terminal.waitForText("What should I do instead?");
    expect(lastToolMessage(record).content).toBe("declined by the user. Do not retry it or work around it: ask the user what to do instead.");
    expect(readFileSync(path.join(box.workspace, "notes.txt"), "utf8")).toBe("one\ntwo\nthree\n");
  });

  it("a write of a new file counts its lines; a denial with a note passes the note on", async () => {
    const record = path.join(process.env.HOME ?? "/tmp", `requests-${Math.random().toString(36).slice(2)}.jsonl`);
    const write = { name: "write_file", arguments: { path: "new.txt", content: "a\nb\nc\nd\n" } };
    running = startApp({ script: { turns: [{ tool_calls: [write] }, { text: "Noted, docs/ it is." }] }, record });
    const { terminal } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("write it\r");
    await terminal.waitForScreen((screen) => /\? write_file new\.txt {2}\+4 −0/.test(screen), "the line counts in the title");
    terminal.send("n");
    await terminal.waitForText("note for the model");
    terminal.send("put it in docs/\r");
    await terminal.waitForText("Noted, docs/ it is.");
    expect(lastToolMessage(record).content).toBe("declined by the user; the user says: put it in docs/. Follow the user's note; if the next step is unclear, ask the user.");
  });
});
