import { appendFileSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EventBus } from "../../src/engine/event-bus.js";
import { foldEvents } from "../../src/engine/state/state.js";
import { readWire, scanWire, WireFormatError, WireWriter } from "../../src/engine/wire/wire.js";

function tempFile(): string {
  return path.join(mkdtempSync(path.join(os.tmpdir(), "wire-")), "s.jsonl");
}

function writeSession(file: string): void {
  const writer = WireWriter.create(file, { sessionId: "s1", cwd: "/w", created: "2026-01-01T00:00:00.000Z" });
  const bus = new EventBus();
  bus.subscribe((event) => writer.append(event));
  bus.publish("turn.started", { turnId: "t1", prompt: "hello" });
  bus.publish("step.started", { round: 1 });
  bus.publish("assistant.delta", { text: "Hi " });
  bus.publish("assistant.delta", { text: "there" });
  bus.publish("step.ended", { round: 1, finishReason: "stop" });
  bus.publish("turn.ended", { turnId: "t1", stopReason: "completed", rounds: 1 });
  writer.close();
}

/** A written session whose lines `edit` changes (the header is line 0), read back. */
function readEdited(edit: (lines: string[]) => void): ReturnType<typeof readWire> {
  const file = tempFile();
  writeSession(file);
  const lines = readFileSync(file, "utf8").split("\n");
  edit(lines);
  writeFileSync(file, lines.join("\n"));
  return readWire(file);
}

describe("wire file", () => {
  it("writes a header then one event per line, readable back in order, mode 0600", () => {
    const file = tempFile();
    writeSession(file);
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    expect(JSON.parse(lines[0]!)).toMatchObject({ format: "mini-agent-wire", version: 2, sessionId: "s1", cwd: "/w" });
    expect(lines).toHaveLength(7);
    if (process.platform !== "win32") expect(statSync(file).mode & 0o777).toBe(0o600);
    const { events, warnings } = readWire(file);
    expect(warnings).toEqual([]);
    expect(events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    const state = foldEvents(events);
    expect(state.messages).toEqual([
      { role: "user", content: "hello" },
      { role: "assistant", text: "Hi there", toolCalls: [] },
    ]);
  });

  it("drops a torn last line with a warning, and a resumed writer starts on a clean line", () => {
    const file = tempFile();
    writeSession(file);
    appendFileSync(file, '{"type":"assistant.delta","seq":7,"ts":"2026');
    const contents = readWire(file);
    expect(contents.events).toHaveLength(6);
    expect(contents.warnings.join("\n")).toMatch(/torn last line/);
    const writer = WireWriter.resume(file, contents);
    writer.append({ type: "assistant.delta", seq: 7, ts: new Date().toISOString(), text: "after" });
    writer.close();
    const again = readWire(file);
    expect(again.warnings).toEqual([]);
    expect(again.events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("skips a corrupt line in the middle, naming its line number", () => {
    const contents = readEdited((lines) => {
      lines.splice(3, 0, "{not json");
    });
    expect(contents.events).toHaveLength(6);
    expect(contents.warnings[0]).toContain(":4:");
  });

  it("takes a line holding two whole events as one damaged line, not as two events", () => {
    // A chunk is parsed as one JSON array when every line is one event: this line is not.
    const contents = readEdited((lines) => {
      lines.splice(3, 2, `${lines[3]},${lines[4]}`);
    });
    expect(contents.events.map((event) => event.seq)).toEqual([1, 2, 5, 6]);
    expect(contents.warnings).toEqual([expect.stringContaining(":4: skipped an unreadable event line")]);
  });

  it("passes over blank lines between events without a warning", () => {
    const contents = readEdited((lines) => {
      lines.splice(3, 0, "", "   ");
    });
    expect(contents.events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(contents.warnings).toEqual([]);
  });

  it("refuses a file of an unknown format version with a clear error", () => {
    const file = tempFile();
    writeFileSync(file, `${JSON.stringify({ format: "mini-agent-wire", version: 99, sessionId: "x", cwd: "/", created: "" })}\n`);
    expect(() => readWire(file)).toThrow(WireFormatError);
    expect(() => readWire(file)).toThrow(/version 99 is not supported/);
  });

  it("refuses a file that is not a session at all", () => {
    const file = tempFile();
    writeFileSync(file, "hello\n");
    expect(() => readWire(file)).toThrow(/not a session header/);
  });

  it("warns once and keeps going when the disk refuses a write", () => {
    const file = tempFile();
    const warnings: string[] = [];
    const writer = WireWriter.create(file, { sessionId: "s", cwd: "/", created: "" }, { onWriteError: (m) => warnings.push(m) });
    writer.close();
    // A closed descriptor number may be reused; write through a writer whose fd is invalid.
    const broken = Object.assign(Object.create(Object.getPrototypeOf(writer)), writer, { fd: 987654 }) as WireWriter;
    broken.append({ type: "assistant.delta", seq: 1, ts: "", text: "a" });
    broken.append({ type: "assistant.delta", seq: 2, ts: "", text: "b" });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(file);
  });

  it("reads a file of many chunks with multi-byte characters cut at chunk edges, event for event", () => {
    const file = tempFile();
    const writer = WireWriter.create(file, { sessionId: "s", cwd: "/", created: "" });
    const texts: string[] = [];
    // Odd lengths of 2- and 4-byte characters put a cut character at most 64 KiB read boundaries.
    for (let i = 0; i < 12000; i += 1) texts.push(`${"é".repeat(97 + (i % 13))}${"😀".repeat(i % 7)}${i}`);
    texts.forEach((text, index) => writer.append({ type: "assistant.delta", seq: index + 1, ts: "t", text }));
    writer.close();
    expect(statSync(file).size).toBeGreaterThan(2 * 1024 * 1024);
    const seen: string[] = [];
    const scan = scanWire(file, (event) => seen.push((event as { text: string }).text));
    expect(seen).toEqual(texts);
    expect(scan.intactBytes).toBe(statSync(file).size);
    expect(scan.warnings).toEqual([]);
  });

  it("reads lines longer than its read buffer (a large tool result), whole and in order", () => {
    const file = tempFile();
    const writer = WireWriter.create(file, { sessionId: "s", cwd: "/", created: "" });
    // 64 KiB is the read size: 2.5 MiB and 5 MiB lines need the buffer to grow, many times.
    const texts = ["short", "ü".repeat(1_300_000), "between", "x".repeat(5 * 1024 * 1024), "last"];
    texts.forEach((text, index) => writer.append({ type: "assistant.delta", seq: index + 1, ts: "t", text }));
    writer.close();
    const seen: string[] = [];
    const scan = scanWire(file, (event) => seen.push((event as { text: string }).text));
    expect(seen).toEqual(texts);
    expect(scan.intactBytes).toBe(statSync(file).size);
    expect(scan.warnings).toEqual([]);
  });

  it("keeps a long last event whose newline never reached the disk", () => {
    const file = tempFile();
    writeSession(file);
    const size = statSync(file).size;
    const tail = JSON.stringify({ type: "assistant.delta", seq: 7, ts: "t", text: "y".repeat(3 * 1024 * 1024) });
    appendFileSync(file, tail);
    const contents = readWire(file);
    expect(contents.events).toHaveLength(7);
    expect(contents.intactBytes).toBe(size + Buffer.byteLength(tail));
    expect(contents.warnings).toEqual([]);
  });

  it("cuts a torn tail that ends inside a multi-byte character at the last whole line", () => {
    const file = tempFile();
    writeSession(file);
    const size = statSync(file).size;
    // Half of "é" (0xC3 0xA9): a write cut by a crash.
    appendFileSync(file, Buffer.concat([Buffer.from('{"type":"assistant.delta","seq":7,"ts":"t","text":"caf'), Buffer.from([0xc3])]));
    const contents = readWire(file);
    expect(contents.intactBytes).toBe(size);
    expect(contents.events).toHaveLength(6);
    expect(contents.warnings.join("\n")).toMatch(/torn last line/);
  });

  it("rejects a hand-checked event whose fields have the wrong type, keeping its neighbours", () => {
    const contents = readEdited((lines) => {
      lines.splice(3, 0, '{"type":"assistant.delta","seq":3,"ts":"t","text":42}', '{"type":"tool.output","seq":3,"ts":"t","callId":"c","stream":"stdin","chunk":"x"}');
    });
    expect(contents.events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(contents.warnings).toHaveLength(2);
  });
});
