// The `fetch` the provider SDKs run on: node:http / node:https under the WHATWG Request and
// Response shapes. Node 20's global fetch (undici) parses HTTP in WebAssembly that V8 tiers
// up on background threads: ~30 MiB of peak RSS and ~30 ms before the process can exit in
// the round-trip bench (docs/adr/0021-own-fetch-under-the-sdks.md). It behaves as fetch does where the SDKs and
// our error mapping look: rejections are `TypeError("fetch failed", { cause })` or the abort
// signal's reason, a body cut mid-way errors with `TypeError("terminated", { cause })`.
import diagnostics from "node:diagnostics_channel";
import http from "node:http";
import type { Agent, IncomingMessage, OutgoingHttpHeaders } from "node:http";
import { abortReason, responseFrom } from "./node-response.js";
import { REQUEST_BODY_SENT_CHANNEL, RESPONSE_STARTED_CHANNEL } from "./request-channel.js";

const bodySent = diagnostics.channel(REQUEST_BODY_SENT_CHANNEL);
const responseStarted = diagnostics.channel(RESPONSE_STARTED_CHANNEL);
const MAX_REDIRECTS = 20;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const CREDENTIALS = ["authorization", "proxy-authorization", "cookie", "x-api-key"];
/** Idle sockets are closed before common servers' 5 s keep-alive (undici's default too). */
const IDLE_SOCKET_MS = 4_000;

type Transport = { request: typeof http.request; agent: Agent };
const transports = new Map<string, Transport>();

/** One keep-alive agent per scheme. Node unrefs idle pooled sockets, so they never hold the process open. */
async function transportFor(url: URL): Promise<Transport> {
  const known = transports.get(url.protocol);
  if (known) return known;
  let transport: Transport;
  if (url.protocol === "http:") {
    transport = { request: http.request, agent: new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }) };
  } else if (url.protocol === "https:") {
    // Loaded only for https (tls is not free); Node's https trusts its CA store plus NODE_EXTRA_CA_CERTS.
    const https = await import("node:https");
    transport = { request: https.request, agent: new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }) };
  } else {
    throw new TypeError("fetch failed", { cause: new Error(`unsupported URL scheme ${url.protocol} in ${url.href}`) });
  }
  transports.set(url.protocol, transport);
  return transport;
}

type FetchInput = string | URL | { url: string };

export async function nodeFetch(input: FetchInput, init: RequestInit = {}): Promise<Response> {
  const signal = init.signal ?? undefined;
  if (signal?.aborted) throw abortReason(signal);
  let url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
  let method = (init.method ?? "GET").toUpperCase();
  const headers = headerRecord(init.headers);
  let body = await requestBytes(init.body, headers);
  if (body && (method === "GET" || method === "HEAD")) throw new TypeError("Request with GET/HEAD method cannot have body.");
  headers["accept"] ??= "*/*";
  headers["accept-encoding"] ??= "gzip, deflate";
  for (let redirects = 0; ; redirects++) {
    const res = await send(await transportFor(url), url, method, headers, body, signal);
    if (signal?.aborted) {
      res.destroy();
      throw abortReason(signal);
    }
    const status = res.statusCode ?? 0;
    const location = REDIRECTS.has(status) && init.redirect !== "manual" ? res.headers.location : undefined;
    if (location === undefined) return responseFrom(res, { url, method, signal });
    res.resume(); // a redirect's own body is not wanted; reading it frees the socket
    if (init.redirect === "error" || redirects >= MAX_REDIRECTS) {
      throw new TypeError("fetch failed", { cause: new Error(`redirect to ${location} not followed (${init.redirect === "error" ? "redirect: error" : "too many redirects"})`) });
    }
    const next = new URL(location, url);
    // Fetch's rules: 303 (and 301/302 after a POST) become a GET without a body.
    if (status === 303 ? method !== "HEAD" : (status === 301 || status === 302) && method === "POST") {
      method = "GET";
      body = undefined;
      for (const name of Object.keys(headers)) if (name.startsWith("content-")) delete headers[name];
    }
    // Credentials stay with the origin they were meant for (x-api-key too: Anthropic's key).
    if (next.origin !== url.origin) for (const name of CREDENTIALS) delete headers[name];
    url = next;
  }
}

function send(
  transport: Transport,
  url: URL,
  method: string,
  headers: OutgoingHttpHeaders,
  body: Buffer | undefined,
  signal: AbortSignal | undefined,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = transport.request(url, { method, headers, agent: transport.agent });
    const onAbort = () => {
      request.destroy();
      reject(abortReason(signal!));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    request.once("response", (res) => {
      signal?.removeEventListener("abort", onAbort);
      if (responseStarted.hasSubscribers) responseStarted.publish({ url: url.href });
      resolve(res);
    });
    // `on`, not `once`: a socket that dies after the response began errors the request again.
    request.on("error", (error) => {
      signal?.removeEventListener("abort", onAbort);
      reject(new TypeError("fetch failed", { cause: error }));
    });
    // The callback runs once the whole body is handed to the socket: the request is on its way.
    request.end(body, () => {
      if (bodySent.hasSubscribers) bodySent.publish({ url: url.href });
    });
  });
}

/** Lower-cased names; a Headers object already joins repeated values as fetch sends them. */
function headerRecord(init: RequestInit["headers"]): Record<string, string> {
  const out: Record<string, string> = {};
  if (!init) return out;
  const pairs: Iterable<[string, string]> | [string, string][] =
    typeof (init as Headers).forEach === "function" && !Array.isArray(init)
      ? (init as Headers).entries()
      : Array.isArray(init)
        ? (init as [string, string][])
        : Object.entries(init as Record<string, string>);
  for (const [name, value] of pairs) {
    if (value === undefined || value === null) continue;
    const key = name.toLowerCase();
    out[key] = key in out ? `${out[key]}, ${value}` : String(value);
  }
  return out;
}

/**
 * The request body as bytes, with its length set as fetch sets it. The SDKs send a string
 * (JSON) or bytes; anything else (Blob, FormData, URLSearchParams, a stream) is read through
 * a Response, which encodes it and names its content type as a fetch body would.
 */
async function requestBytes(body: RequestInit["body"], headers: Record<string, string>): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  let bytes: Buffer;
  if (typeof body === "string") {
    bytes = Buffer.from(body, "utf8");
    headers["content-type"] ??= "text/plain;charset=UTF-8";
  } else if (ArrayBuffer.isView(body)) {
    bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  } else if (body instanceof ArrayBuffer) {
    bytes = Buffer.from(body);
  } else {
    const encoded = new Response(body);
    bytes = Buffer.from(await encoded.arrayBuffer());
    const type = encoded.headers.get("content-type");
    if (type) headers["content-type"] ??= type;
  }
  headers["content-length"] = String(bytes.byteLength);
  return bytes;
}
