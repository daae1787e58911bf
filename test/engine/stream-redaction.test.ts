// A secret split across streamed pieces (command output chunks, model text deltas) must never
// reach a subscriber or the session file whole, wherever the split falls.
import { mkdtempSync, readFileSync, realpathSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/engine/events.js";
import { openSession } from "../../src/engine/session/open-session.js";
import { createRedactor, REDACTED } from "../../src/engine/secrets/redact.js";
import { createStreamRedactor } from "../../src/engine/secrets/stream-redactor.js";

const KNOWN = "kimi-secret-value-0123456789";
const SHAPED = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";

function session() {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "stream-redact-")));
  return openSession({ home: path.join(base, "home"), cwd: base, choice: { mode: "new" }, redact: createRedactor([KNOWN]) });
}

describe("streaming redaction", () => {
  for (const secret of [KNOWN, SHAPED]) {
    it(`splits ${secret.slice(0, 4)}… at every offset across tool.output chunks and assistant.delta events`, () => {
      const open = session();
      const seen: AgentEvent[] = [];
      open.bus.subscribe((event) => seen.push(event));
      for (let cut = 0; cut <= secret.length; cut += 1) {
        const callId = `c${cut}`;
        const text = `before ${secret} after\n`;
        const at = "before ".length + cut;
        // Three pieces: the split point, and one more cut inside the secret's second half.
        const pieces = [text.slice(0, at), text.slice(at, at + 3), text.slice(at + 3)];
        for (const chunk of pieces) open.bus.publish("tool.output", { callId, stream: "stdout", chunk });
        open.bus.publish("tool.result", { callId, name: "run_command", content: "done", isError: false });
        for (const piece of pieces) open.bus.publish("assistant.delta", { text: piece });
        open.bus.publish("step.ended", { round: 1, finishReason: "stop" });
        const output = seen.filter((event) => event.type === "tool.output" && event.callId === callId);
        expect(output.map((event) => (event.type === "tool.output" ? event.chunk : "")).join("")).toBe(`before ${REDACTED} after\n`);
      }
      open.close();
      const wire = readFileSync(open.file, "utf8");
      const delivered = JSON.stringify(seen);
      // Not whole, and not the distinctive half either.
      for (const text of [delivered, wire]) {
        expect(text).not.toContain(secret);
        expect(text).not.toContain(secret.slice(0, 12));
      }
      const deltas = seen.filter((event) => event.type === "assistant.delta").map((event) => (event.type === "assistant.delta" ? event.text : ""));
      expect(deltas.join("")).toBe(`before ${REDACTED} after\n`.repeat(secret.length + 1));
    });
  }

  it("holds back only a trailing word, and lets the rest go at the end", () => {
    const stream = createStreamRedactor(createRedactor([]));
    expect(stream.push("hello wor")).toBe("hello ");
    expect(stream.push("ld and")).toBe("world ");
    expect(stream.end()).toBe("and");
  });

  it("holds an unfinished private key block until its end line", () => {
    const stream = createStreamRedactor(createRedactor([]));
    const head = stream.push("key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n");
    const tail = stream.push("abcdef\n-----END RSA PRIVATE KEY-----\nok\n");
    expect(head + tail + stream.end()).toBe(`key:\n${REDACTED}\nok\n`);
    expect(head).not.toContain("MIIE");
  });

  it("a paused stream lets go of a plain trailing word, never the start of a secret", () => {
    const stream = createStreamRedactor(createRedactor([KNOWN]));
    expect(stream.push("First part arrives.")).toBe("First part ");
    expect(stream.flush()).toBe("arrives.");
    expect(stream.push(" See kimi-sec")).toBe(" See ");
    expect(stream.flush()).toBe("");
    expect(stream.push("ret-value-0123456789 and ghp_abc")).toBe(`${REDACTED} and `);
    expect(stream.flush()).toBe("");
    expect(stream.push("defghijklmnopqrstuvwxyz0123456789 done")).toBe(`${REDACTED} `);
    expect(stream.flush() + stream.end()).toBe("done");
  });

  for (const secret of [KNOWN, SHAPED, "sk-proj-abcdefghijklmnopqrstuvwxyz012345", "AKIAABCDEFGHIJKLMNOP", "xoxb-1234567890-abcdefghij"]) {
    it(`a pause at any offset inside ${secret.slice(0, 4)}… lets no part of it go`, () => {
      for (let cut = 0; cut <= secret.length; cut += 1) {
        const stream = createStreamRedactor(createRedactor([KNOWN]));
        const text = `before ${secret} after\n`;
        const at = "before ".length + cut;
        let out = "";
        for (const piece of [text.slice(0, at), text.slice(at, at + 3), text.slice(at + 3)]) out += stream.push(piece) + stream.flush();
        out += stream.end();
        expect(out).toBe(`before ${REDACTED} after\n`);
      }
    });
  }
});
