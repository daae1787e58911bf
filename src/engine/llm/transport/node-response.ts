// Turns a node:http response into a WHATWG Response as fetch would hand it over: every
// header (repeated ones too), the body decoded from gzip/deflate/br, back-pressure kept, and
// the body stream ended with an error when the socket dies or the request is aborted. The
// Response and Headers are Node's own globals, the ones the SDKs' tests run against.
import type { IncomingMessage } from "node:http";
import { PassThrough, type Duplex, type Readable } from "node:stream";
import * as zlib from "node:zlib";
import { WireError } from "../failures/wire-error.js";

/**
 * A body read whole (an error, a JSON answer, a proxy's page) may be at most this long,
 * decoded: the SDKs read an error body to its end, so a server sending 100 MB there cost
 * 0.5-0.9 GB. An event stream is bounded per event instead (sse-parser.ts).
 */
export const MAX_WHOLE_BODY_BYTES = 16 * 1024 * 1024;

/** What fetch rejects with on abort: the signal's reason, or an AbortError when it has none. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}

interface ResponseContext {
  url: URL;
  method: string;
  signal: AbortSignal | undefined;
}

export function responseFrom(res: IncomingMessage, context: ResponseContext): Response {
  const status = res.statusCode ?? 0;
  if (status < 200 || status > 599) {
    // A Response cannot carry it, and fetch refuses it as a network error too.
    res.destroy();
    throw new TypeError("fetch failed", { cause: new RangeError(`the server answered with status ${status}`) });
  }
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
  const empty = context.method === "HEAD" || status === 204 || status === 205 || status === 304;
  if (empty) res.resume();
  // No content-type may still be a stream (some local servers omit it): only a declared non-stream is capped.
  const type = (res.headers["content-type"] ?? "").toLowerCase();
  const limit = type === "" || type.includes("text/event-stream") ? undefined : MAX_WHOLE_BODY_BYTES;
  const body = empty ? null : bodyStream(res, decoded(res), context.signal, limit);
  const response = new Response(body, { status, statusText: res.statusMessage ?? "", headers });
  Object.defineProperty(response, "url", { value: context.url.href });
  return response;
}

/**
 * The body through a decoder per content-coding, last applied first. deflate is read as
 * zlib-wrapped or raw, whichever it is, as fetch does; sync flushes let a truncated stream
 * yield what came.
 */
function decoded(res: IncomingMessage): Readable {
  const codings = (res.headers["content-encoding"] ?? "")
    .toLowerCase()
    .split(",")
    .map((coding) => coding.trim())
    .filter((coding) => coding !== "" && coding !== "identity");
  if (codings.some((coding) => !KNOWN_CODINGS.has(coding))) return res; // fetch hands such bytes over as they are
  let stream: Readable = res;
  for (const coding of codings.reverse()) {
    const source = stream;
    const decoder = coding === "deflate" ? inflateEither(source) : source.pipe(decoderFor(coding));
    source.on("error", (error) => decoder.destroy(error));
    stream = decoder;
  }
  return stream;
}

const KNOWN_CODINGS = new Set(["gzip", "x-gzip", "br", "deflate"]);
/** Sync flushes: a truncated stream yields what it decoded instead of an error. zlib loads on the first compressed body. */
function syncFlush(): { flush: number; finishFlush: number } {
  const { Z_SYNC_FLUSH } = zlib.constants;
  return { flush: Z_SYNC_FLUSH, finishFlush: Z_SYNC_FLUSH };
}

function decoderFor(coding: string): Duplex {
  const { createBrotliDecompress, createGunzip, constants } = zlib;
  if (coding === "br") {
    return createBrotliDecompress({ flush: constants.BROTLI_OPERATION_FLUSH, finishFlush: constants.BROTLI_OPERATION_FLUSH });
  }
  return createGunzip(syncFlush());
}

/** zlib-wrapped deflate starts with a CMF byte whose low nibble is 8; anything else is raw. */
function inflateEither(source: Readable): Readable {
  const out = new PassThrough();
  let started = false;
  source.once("data", (first: Buffer) => {
    started = true;
    source.pause();
    const inflate = (first[0]! & 0x0f) === 0x08 ? zlib.createInflate(syncFlush()) : zlib.createInflateRaw(syncFlush());
    inflate.on("error", (error) => out.destroy(error));
    inflate.write(first);
    source.pipe(inflate).pipe(out);
  });
  source.once("end", () => {
    if (!started) out.end();
  });
  return out;
}

function bodyStream(res: IncomingMessage, source: Readable, signal: AbortSignal | undefined, limit: number | undefined): ReadableStream<Uint8Array> {
  let settled = false;
  let received = 0;
  let onAbort: (() => void) | undefined;
  const settle = () => {
    settled = true;
    if (onAbort) signal?.removeEventListener("abort", onAbort);
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const fail = (error: unknown) => {
        if (settled) return;
        settle();
        controller.error(error);
        res.destroy();
        if (source !== res) source.destroy();
      };
      onAbort = () => fail(abortReason(signal!));
      signal?.addEventListener("abort", onAbort, { once: true });
      source.on("data", (chunk: Buffer) => {
        if (settled) return;
        received += chunk.byteLength;
        if (limit !== undefined && received > limit) {
          const type = res.headers["content-type"] ?? "";
          fail(new WireError(`the provider's answer (${type.split(";")[0]}) is longer than ${limit / (1024 * 1024)} MiB; the rest was not read`, { malformed: true }));
          return;
        }
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) source.pause();
      });
      source.once("end", () => {
        if (settled) return;
        settle();
        controller.close();
      });
      // The socket died mid-body (reset, or closed short of its length): fetch's "terminated".
      source.on("error", (error) => fail(new TypeError("terminated", { cause: error })));
      if (source !== res) res.on("error", (error) => fail(new TypeError("terminated", { cause: error })));
    },
    pull() {
      source.resume();
    },
    cancel() {
      settle();
      res.destroy();
      if (source !== res) source.destroy();
    },
  });
}
