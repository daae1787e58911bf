// One bound on what an MCP server may send in one message, whatever its transport. A tool
// result is cut to 30,000 characters before the model sees it, but it had to arrive whole
// first: over stdio the SDK's read buffer threw past 10 MB from inside a stream handler, which
// nothing caught, so the whole CLI died with a stack trace; over HTTP a 300 MB result was read
// into memory whole (1.2 GB resident). Now stdio stops the server with a reason (the transport),
// and an HTTP response body is counted as it streams and cut off past the cap.

/** The SDK's own stdio limit, applied to HTTP too: far above any result worth reading. */
export const MAX_MCP_MESSAGE_BYTES = 10 * 1024 * 1024;

export function messageTooLarge(limit = MAX_MCP_MESSAGE_BYTES): string {
  return `sent a message over ${Math.round(limit / (1024 * 1024))} MB, more than mini-agent reads from an MCP server`;
}

const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

type Fetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * A fetch whose response bodies fail once they exceed `limit`: a JSON body in total; an SSE
 * stream (open for a whole session) between two events, so only one event is bounded.
 */
export function cappedFetch(base: Fetch = fetch, limit = MAX_MCP_MESSAGE_BYTES): Fetch {
  return async (url, init) => {
    const response = await base(url, init);
    // A status that may carry no body (204, 304, …) cannot be rebuilt with one.
    if (!response.body || NULL_BODY_STATUS.has(response.status)) return response;
    const sse = (response.headers.get("content-type") ?? "").includes("text/event-stream");
    const counted = response.body.pipeThrough(countingStream(limit, sse));
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

function countingStream(limit: number, sse: boolean): TransformStream<Uint8Array, Uint8Array> {
  let since = 0;
  return new TransformStream({
    transform(chunk, controller) {
      since += chunk.byteLength;
      if (sse) {
        // Bytes after the chunk's last blank line belong to the event still arriving.
        const end = lastEventEnd(chunk);
        if (end >= 0) since = chunk.byteLength - end;
      }
      // Erroring the stream also cancels the download: the rest is never read.
      if (since > limit) controller.error(new Error(messageTooLarge(limit)));
      else controller.enqueue(chunk);
    },
  });
}

/** The offset just after the chunk's last "\n\n" (an SSE event's end, "\r\n\r\n" included), or -1. */
function lastEventEnd(chunk: Uint8Array): number {
  for (let index = chunk.byteLength - 1; index > 0; index -= 1) {
    if (chunk[index] !== 0x0a) continue;
    const before = chunk[index - 1];
    if (before === 0x0a) return index + 1;
    if (before === 0x0d && index >= 3 && chunk[index - 2] === 0x0a && chunk[index - 3] === 0x0d) return index + 1;
  }
  return -1;
}
