// ACP's stdin/stdout as the library's message Stream, read and written by our own framing: lines
// from print/stdin-lines.ts (linear, at most 32 MiB; an over-long line is answered with an error
// naming the limit and skipped, where the library's own reader would end the connection), and
// writes that go nowhere once stdout has closed (print/interrupts.ts then stops the run, exit 141).
//
// Messages are handed on in arrival order, but the library handles them concurrently and opens
// its initialization gate only once `initialize` has been answered: a request written right
// behind `initialize` would be refused as "not initialized". So what follows an `initialize`
// waits until its answer has been written.
import type { Readable } from "node:stream";
import { RequestError, type AnyMessage, type Stream } from "@agentclientprotocol/sdk";
import { MAX_LINE_TEXT } from "../print/line-framer.js";
import { fieldInHead } from "../print/line-head.js";
import { readLines, type LineReader } from "../print/stdin-lines.js";

type Id = string | number | null;

export interface StdioOutput {
  /** Writes one line; rejects when it cannot be written (stdout closed). */
  write(line: string): Promise<void>;
}

export function stdioStream(input: Readable, output: StdioOutput, stopOn: AbortSignal): Stream {
  const write = (message: unknown) => output.write(`${JSON.stringify(message)}\n`);
  const refuse = (error: RequestError, id: Id = null) => void write({ jsonrpc: "2.0", id, error: error.toErrorResponse() }).catch(() => {});
  let into!: ReadableStreamDefaultController<AnyMessage>;
  const held: (AnyMessage | "end")[] = [];
  /** The id of the `initialize` whose answer the next message waits for. */
  let waitingFor: { id: Id } | undefined;

  let closed = false;
  const pass = (message: AnyMessage | "end") => {
    if (closed) return;
    if (waitingFor) return void held.push(message);
    if (message === "end") {
      closed = true;
      return void into.close();
    }
    into.enqueue(message);
    if ("method" in message && message.method === "initialize" && "id" in message) waitingFor = { id: message.id as Id };
  };
  const answered = () => {
    waitingFor = undefined;
    while (held.length > 0 && !waitingFor) pass(held.shift()!);
  };

  const onLine = (line: string) => {
    if (!line.trim()) return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return refuse(RequestError.parseError());
    }
    if (Array.isArray(message)) return refuse(RequestError.invalidRequest(undefined, "JSON-RPC batches are not supported"));
    if (typeof message !== "object" || message === null) return refuse(RequestError.invalidRequest(message));
    pass(message as AnyMessage);
  };
  const onTooLong = (head: string) => {
    const id = fieldInHead(head, "id");
    refuse(RequestError.invalidRequest(undefined, `the message is longer than the ${MAX_LINE_TEXT} a line may have; it was skipped`), id ?? null);
  };

  let reader: LineReader | undefined;
  const readable = new ReadableStream<AnyMessage>({
    start(controller) {
      into = controller;
      reader = readLines(input, { onLine, onTooLong, onEnd: () => pass("end") }, stopOn);
    },
    // The connection closed (a signal, a closed stdout): stdin left open must not keep the process.
    cancel() {
      closed = true;
      reader?.stop();
    },
  });
  const writable = new WritableStream<AnyMessage>({
    async write(message) {
      await write(message);
      if (waitingFor && !("method" in message) && "id" in message && message.id === waitingFor.id) answered();
    },
  });
  return { readable, writable };
}
