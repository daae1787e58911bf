// web_fetch: GET a public http(s) page as text. Every hop (the first request and each of
// at most five redirects) is checked twice: the URL's literal host before connecting, and
// the resolved address at connect time (net-guard.ts), so neither a redirect nor DNS
// rebinding can reach loopback, link-local (cloud metadata), private or unique-local hosts.
// A redirect is followed only within the host the call named (ADR 0073).
import net from "node:net";
import type { Agent } from "undici";
import { htmlToText } from "./html-text.js";
import { ForbiddenAddressError, forbiddenAddressReason, guardedLookup, systemResolver, type Resolver } from "../../sandbox/net-guard.js";
import { defineTool, ToolError } from "../tool.js";
import { builtinInput } from "../tool-input.js";
import { headCut } from "../../secrets/word-cut.js";

const MAX_REDIRECTS = 5;
const MAX_BODY_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 20_000;
export const DEFAULT_MAX_CHARS = 20_000;

export interface WebFetchOptions {
  /** Name resolution, injectable so tests can simulate DNS answers; the system resolver by default. */
  resolver?: Resolver;
  /**
   * Lets tests reach their own server on 127.0.0.1. Loopback only: link-local, private and
   * unique-local stay refused. Only honoured inside a vitest worker, so no CLI flag or
   * config value can turn it on for a real session.
   */
  allowLoopbackForTests?: boolean;
}

function checkUrl(raw: string, allowLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ToolError(`not a valid URL: ${raw}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ToolError(`only http and https URLs are fetched, not ${url.protocol}`);
  if (url.username || url.password) throw new ToolError("URLs with credentials are not fetched");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host)) {
    const reason = forbiddenAddressReason(host, allowLoopback);
    if (reason) throw new ToolError(`refusing to fetch ${url.href}: ${host} is a ${reason} address`);
  } else if (/^localhost$|\.localhost$/i.test(host) && !allowLoopback) {
    throw new ToolError(`refusing to fetch ${url.href}: localhost is a loopback address`);
  }
  return url;
}

type Body = AsyncIterable<Buffer> & { destroy(): unknown; on(event: "error", listener: () => void): unknown };

/** Stops reading a body we do not want; the stream's abort error is expected, not a failure. */
function discard(body: Body): void {
  body.on("error", () => {});
  body.destroy();
}

async function readCapped(body: Body): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      discard(body);
      return { bytes: Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES), truncated: true };
    }
  }
  return { bytes: Buffer.concat(chunks), truncated: false };
}

function describeFailure(error: unknown, url: URL): ToolError {
  let cause: unknown = error;
  while (cause instanceof Error) {
    if (cause instanceof ForbiddenAddressError) return new ToolError(`refusing to fetch ${url.href}: ${cause.message}`);
    cause = cause.cause;
  }
  if (error instanceof Error && error.name === "AbortError") return new ToolError(`fetching ${url.href} was aborted or timed out`);
  return new ToolError(`fetching ${url.href} failed: ${error instanceof Error ? error.message : String(error)}`);
}

export function createWebFetchTool(options: WebFetchOptions = {}) {
  const allowLoopback = options.allowLoopbackForTests === true && process.env.VITEST !== undefined;
  if (options.allowLoopbackForTests && !allowLoopback) throw new Error("allowLoopbackForTests is only available to the test suite");
  // undici costs tens of milliseconds to load: only a session that fetches pays for it.
  let client: Promise<{ request: typeof import("undici").request; dispatcher: Agent }> | undefined;
  const loadClient = () =>
    (client ??= import("undici").then((undici) => ({
      request: undici.request,
      dispatcher: new undici.Agent({
        connect: { lookup: guardedLookup(options.resolver ?? systemResolver, allowLoopback) as never, timeout: 10_000 },
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
      }),
    })));

  return defineTool({
    name: "web_fetch",
    description:
      "Fetch a public web page as readable text. Private and loopback addresses are refused.",
    kind: "read",
    input: builtinInput("web_fetch"),
    subject: ({ url }) => ({ url }),
    async execute({ url: raw, max_chars = DEFAULT_MAX_CHARS }, context) {
      const signal = AbortSignal.any([context.signal, AbortSignal.timeout(TIMEOUT_MS)]);
      let url = checkUrl(raw, allowLoopback);
      const { request, dispatcher } = await loadClient();
      for (let hop = 0; ; hop++) {
        let response;
        try {
          response = await request(url, {
            dispatcher,
            method: "GET",
            signal,
            headers: { "user-agent": "mini-agent/0.1 (web_fetch)", accept: "text/html, text/plain, application/json, */*;q=0.5" },
          });
        } catch (error) {
          throw describeFailure(error, url);
        }
        const { statusCode, headers, body } = response;
        const location = headers.location;
        if (statusCode >= 300 && statusCode < 400 && location) {
          discard(body);
          if (hop >= MAX_REDIRECTS) throw new ToolError(`too many redirects (more than ${MAX_REDIRECTS}) from ${raw}`);
          const next = checkUrl(new URL(String(location), url).href, allowLoopback);
          // Approval and the user's web_fetch rules judged this host, not the one a redirect
          // (an open redirector) names: another host is the model's to fetch, asked as its own.
          if (next.hostname !== url.hostname) {
            return { content: `${url.href} — HTTP ${statusCode}: redirects to ${next.href}, another host, which was not followed. Fetch that URL to follow it (it is judged as its own request).`, isError: false };
          }
          url = next;
          continue;
        }
        const type = String(headers["content-type"] ?? "");
        if (!/^(text\/|application\/(json|xml|xhtml\+xml|javascript|ld\+json)|image\/svg)/i.test(type) && type !== "") {
          discard(body);
          throw new ToolError(`${url.href} returned ${type}, which is not text`);
        }
        const { bytes, truncated } = await readCapped(body).catch((error: unknown) => {
          throw describeFailure(error, url);
        });
        let text = bytes.toString("utf8");
        let title: string | undefined;
        if (/html/i.test(type) || (type === "" && /^\s*<(!doctype html|html)/i.test(text))) ({ title, text } = htmlToText(text));
        const header = `${url.href} — HTTP ${statusCode}${title ? ` — ${title}` : ""}`;
        let note = truncated ? `\n\n[body cut at ${MAX_BODY_BYTES} bytes]` : "";
        if (text.length > max_chars) {
          // At a word's edge: half a key on the page would pass the redactor.
          const kept = headCut(text, max_chars, true);
          note = `\n\n[${text.length - kept} more characters not shown; raise max_chars to see more]`;
          text = text.slice(0, kept);
        }
        return { content: `${header}\n\n${text}${note}`, isError: statusCode >= 400 };
      }
    },
  });
}
