// A background task's log is written redacted, as the session file is: the bytes on disk,
// the tail task_status shows and the log read back after a restart hold no secret, however
// the process split its output into chunks.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRedactor, REDACTED } from "../../src/engine/secrets/redact.js";
import { createCommandTools, type CommandTools } from "../../src/engine/tools/command/command-tools.js";
import { readTaskLog } from "../../src/engine/tools/command/task-history.js";
import { waitFor } from "../helpers/processes.js";

const KNOWN = "known-task-secret-0123";
/** Each printed in two writes with a pause the task waits out on a gate file, so the split is real. */
const SECRETS: [first: string, second: string][] = [
  ["ghp_abcdefghijklmno", "pqrstuvwxyz0123456789"],
  ["aws_session_token = ", "FwoGZXIvYXdzEJrSessionTail"],
  ["postgres://u:db-pass", "word-tail@h/db"],
  ["known-task-", "secret-0123"],
];

let root: string;
let tools: CommandTools;
const context = () => ({ signal: new AbortController().signal });

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "task-redaction-"));
  tools = createCommandTools({ root, tasksDir: path.join(root, ".session", "tasks"), redact: createRedactor([KNOWN]) });
});
afterEach(async () => {
  await tools.closeAll();
  rmSync(root, { recursive: true, force: true });
});

describe.runIf(process.platform !== "win32")("background task logs", () => {
  it.each(SECRETS)("hold no part of %s… printed in two pieces, on disk, in the status and read back", async (first, second) => {
    // From files, so the command line itself names no piece.
    writeFileSync(path.join(root, "first"), first);
    writeFileSync(path.join(root, "second"), `${second}\n`);
    const command = "cat first; touch printed; while [ ! -f go ]; do sleep 0.02; done; cat second; echo ok";
    const run = tools.tools.find((tool) => tool.name === "run_command")!;
    const started = await run.execute({ command, background: true }, context());
    const id = /task (t\d+)/.exec(started.content)![1]!;
    const logPath = path.join(root, ".session", "tasks", `${id}.log`);
    // The first piece is out (the command waits on the gate), then the rest.
    await waitFor(() => existsSync(path.join(root, "printed")));
    writeFileSync(path.join(root, "go"), "");
    await waitFor(() => readFileSync(logPath, "utf8").includes("ended"));
    const onDisk = readFileSync(logPath, "utf8");
    const status = await tools.tools.find((tool) => tool.name === "task_status")!.execute({ id }, context());
    const readBack = readTaskLog(logPath, 4000)!;
    const secret = (first + second).replace(/^aws_session_token = |^postgres:\/\/u:|@h\/db$/g, "");
    for (const text of [onDisk, status.content, readBack.tail]) {
      expect(text).toContain(REDACTED);
      expect(text).toContain("ok");
      expect(text).not.toContain(secret.slice(-8));
    }
  });

  it("redacts the command line at the head of the log", async () => {
    const run = tools.tools.find((tool) => tool.name === "run_command")!;
    const started = await run.execute({ command: `echo ${KNOWN} >/dev/null`, background: true }, context());
    const id = /task (t\d+)/.exec(started.content)![1]!;
    const logPath = path.join(root, ".session", "tasks", `${id}.log`);
    await waitFor(() => readFileSync(logPath, "utf8").includes("ended"));
    expect(readFileSync(logPath, "utf8").split("\n")[0]).toBe(`$ echo ${REDACTED} >/dev/null`);
  });
});
