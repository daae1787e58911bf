// The session writer on a disk that stops taking bytes: real writes to a real file through the
// writer's one door to the disk (WriteAt), which refuses past a size limit as RLIMIT_FSIZE or a
// full device does — a short write at the edge, an error after. The file must never hold a torn
// line with more after it, and what could not be written follows, in order, once it can.
import { mkdtempSync, readFileSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/engine/events.js";
import { readWire, WireWriter, type WriteAt } from "../../src/engine/wire/wire.js";

function tempFile(): string {
  return path.join(mkdtempSync(path.join(os.tmpdir(), "wire-full-")), "s.jsonl");
}

/** Real writes while the file stays within `disk.limit` bytes; a short write at the edge, ENOSPC past it. */
function limitedDisk(disk: { limit: number }): WriteAt {
  return (fd, buffer, offset, length, position) => {
    const room = disk.limit - position;
    if (room <= 0) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    return writeSync(fd, buffer, offset, Math.min(length, room), position);
  };
}

let seq = 0;
function event(text: string): AgentEvent {
  seq += 1;
  return { type: "assistant.message", seq, ts: "2026-01-01T00:00:00.000Z", text, toolCalls: [] } as unknown as AgentEvent;
}

const header = { sessionId: "s1", cwd: "/w", created: "2026-01-01T00:00:00.000Z" };

describe("wire writer on a full disk", () => {
  it("cuts a short write back to the last whole line, holds what follows and writes it in order once the disk takes bytes again", () => {
    const file = tempFile();
    const disk = { limit: 1_000_000 };
    const errors: string[] = [];
    const recovered: string[] = [];
    const writer = WireWriter.create(file, header, { write: limitedDisk(disk), onWriteError: (m) => errors.push(m), onRecovered: (m) => recovered.push(m) });
    const first = event("before the disk filled");
    writer.append(first);
    const whole = readFileSync(file).length;
    // Room for part of the next line only: the disk takes some bytes, then none.
    disk.limit = whole + 40;
    const held = [event("x".repeat(500)), event("small"), event("another")];
    for (const item of held) writer.append(item);
    expect(readFileSync(file).length).toBe(whole);
    expect(readFileSync(file, "utf8").endsWith("\n")).toBe(true);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/ENOSPC/);
    expect(writer.unwritten()).toEqual({ events: 3, reason: expect.stringMatching(/ENOSPC/) });
    // What is on disk now reads cleanly: a resumable prefix.
    expect(readWire(file).warnings).toEqual([]);

    disk.limit = 1_000_000;
    const after = event("after space came back");
    writer.append(after);
    writer.close();
    expect(writer.unwritten()).toBeUndefined();
    expect(recovered).toEqual([expect.stringMatching(/the 4 events held back were written/)]);
    const { events, warnings } = readWire(file);
    expect(warnings).toEqual([]);
    expect(events.map((e) => e.seq)).toEqual([first, ...held, after].map((e) => e.seq));
  });

  it("gives up past its memory limit without leaving a gap: the file stays a prefix and the count says what is missing", () => {
    const file = tempFile();
    const disk = { limit: 1_000_000 };
    const writer = WireWriter.create(file, header, { write: limitedDisk(disk), maxHeldBytes: 2_000 });
    writer.append(event("kept"));
    disk.limit = readFileSync(file).length;
    for (let i = 0; i < 10; i += 1) writer.append(event("y".repeat(300)));
    disk.limit = 1_000_000;
    writer.append(event("after the gap"));
    writer.close();
    const { events } = readWire(file);
    // The held events that fit in memory are written, in order; nothing after the first one dropped.
    const texts = events.map((e) => (e as { text?: string }).text?.slice(0, 5));
    expect(texts[0]).toBe("kept");
    expect(texts).not.toContain("after");
    expect(events.length).toBeGreaterThan(1);
    expect(writer.unwritten()?.events).toBe(11 - (events.length - 1));
    // The reason is the failed write, and that the limit was passed: never "unknown error".
    expect(writer.unwritten()?.reason).toMatch(/^ENOSPC: .*; the events held in memory reached the limit of 2000 bytes, so the later ones were given up$/);
  });

  it("writes one event larger than the hold limit when nothing is held: the limit bounds holding, not writing", () => {
    const file = tempFile();
    const errors: string[] = [];
    const writer = WireWriter.create(file, header, { maxHeldBytes: 2_000, onWriteError: (m) => errors.push(m) });
    const big = event("z".repeat(10_000));
    writer.append(big);
    writer.append(event("after it"));
    writer.close();
    expect(errors).toEqual([]);
    expect(writer.unwritten()).toBeUndefined();
    const { events, warnings } = readWire(file);
    expect(warnings).toEqual([]);
    expect(events.map((e) => (e as { text?: string }).text?.length)).toEqual([10_000, 8]);
  });

  it("holds a too-large event alone when its write fails, and writes it once the disk takes bytes again", () => {
    const file = tempFile();
    const disk = { limit: 1_000_000 };
    const writer = WireWriter.create(file, header, { write: limitedDisk(disk), maxHeldBytes: 2_000 });
    disk.limit = readFileSync(file).length + 100;
    writer.append(event("w".repeat(5_000)));
    expect(writer.unwritten()).toEqual({ events: 1, reason: expect.stringMatching(/^ENOSPC/) });
    disk.limit = 1_000_000;
    writer.append(event("next"));
    writer.close();
    expect(writer.unwritten()).toBeUndefined();
    expect(readWire(file).events.map((e) => (e as { text?: string }).text?.length)).toEqual([5_000, 4]);
  });
});
