// Project trust in the TUI: a project's hooks run only after the person says y to a question
// that lists them; n opens the session without them. Real hook processes, real trust file.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/processes.js";
import { makeSandbox, type Sandbox } from "../helpers/run-cli.js";
import { startApp, type RunningApp } from "./app-harness.js";

let running: RunningApp | undefined;
afterEach(async () => {
  await running?.app.quit(0);
  running = undefined;
});

/** A project whose UserPromptSubmit hook appends a line to `marker` (a real node process). */
function projectWithHook(): { box: Sandbox; marker: string } {
  const box = makeSandbox();
  const marker = path.join(path.dirname(box.workspace), "hook-ran.txt");
  const script = path.join(path.dirname(box.workspace), "hook.mjs");
  writeFileSync(script, `import { appendFileSync } from "node:fs";\nappendFileSync(${JSON.stringify(marker)}, "ran\\n");\n`);
  const command = `"${process.execPath}" "${script}"`;
  writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command }] }] } }));
  return { box, marker };
}

const QUESTION = "Trust this project and apply them? (y/n)";

describe("project trust in the TUI", () => {
  it("n runs without the project's hooks and records nothing; y trusts, records and runs them; then no question", async () => {
    const { box, marker } = projectWithHook();
    const trustFile = path.join(box.home, "trusted-projects.json");
    running = startApp({ box, script: { turns: [{ text: "answered without hooks." }] } });
    await running.terminal.waitForText(QUESTION);
    await running.terminal.waitForText("hooks.UserPromptSubmit: run");
    running.terminal.send("q"); // not an answer: ignored
    running.terminal.send("n");
    await running.terminal.waitForText("not trusted: this session ignores those settings");
    await waitFor(() => running!.app.footer.info.model === "fake-scripted");
    running.terminal.send("hello\r");
    await running.terminal.waitForText("answered without hooks.");
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(trustFile)).toBe(false);
    await running.app.quit(0);

    running = startApp({ box, script: { turns: [{ text: "answered with hooks." }] } });
    await running.terminal.waitForText(QUESTION);
    running.terminal.send("y");
    await running.terminal.waitForText("trusted: the project's settings apply");
    await waitFor(() => running!.app.footer.info.model === "fake-scripted");
    running.terminal.send("hello again\r");
    await running.terminal.waitForText("answered with hooks.");
    expect(readFileSync(marker, "utf8")).toBe("ran\n");
    expect(readFileSync(trustFile, "utf8")).toContain(box.workspace);
    await running.app.quit(0);

    running = startApp({ box, script: { turns: [{ text: "trusted already." }] } });
    await waitFor(() => running!.app.footer.info.model === "fake-scripted");
    running.terminal.send("third\r");
    await running.terminal.waitForText("trusted already.");
    expect(running.terminal.allLines().join("\n")).not.toContain(QUESTION);
    expect(readFileSync(marker, "utf8")).toBe("ran\nran\n");
  });

  it("ctrl-c while asked quits: nothing is trusted, the app exits 0", async () => {
    const { box } = projectWithHook();
    running = startApp({ box });
    await running.terminal.waitForText(QUESTION);
    running.terminal.send("\x03");
    expect(await running.exit).toBe(0);
    expect(running.terminal.stopped).toBe(true);
    expect(existsSync(path.join(box.home, "trusted-projects.json"))).toBe(false);
  });
});
