// A WHATWG `Response` of our own, beside lean-headers.ts (docs/adr/0026-lean-web-classes.md):
// what the provider SDKs and our fetch read from a response, without loading Node's internal
// undici. The body is a web ReadableStream; reading it twice, or cloning a read body, is a
// TypeError as in Node. Bodies our fetch makes are streams; strings, bytes, Blobs and
// URLSearchParams are encoded as fetch encodes them. A FormData body (which only exists once
// the global has been touched) is handed to Node's own Response.
import { LeanHeaders, type LeanHeadersInit } from "./lean-headers.js";

export interface LeanResponseInit {
  status?: number;
  statusText?: string;
  headers?: LeanHeadersInit | LeanHeaders;
}

type BodySource = ReadableStream<Uint8Array> | string | ArrayBuffer | ArrayBufferView | Blob | URLSearchParams | null | undefined;

/** Statuses whose response never has a body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
/** A reason phrase: tab, space, visible ASCII and obs-text; no CR, LF or control characters. */
const REASON_PHRASE = /^[\t\x20-\x7e\x80-\xff]*$/;

const bytesStream = (bytes: Uint8Array): ReadableStream<Uint8Array> =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      if (bytes.byteLength > 0) controller.enqueue(bytes);
      controller.close();
    },
  });

function copyOf(view: ArrayBuffer | ArrayBufferView): Uint8Array {
  const source = ArrayBuffer.isView(view) ? new Uint8Array(view.buffer, view.byteOffset, view.byteLength) : new Uint8Array(view);
  return source.slice();
}

/** The body as a stream and the content type it implies (fetch's "extract a body"). */
function extract(body: Exclude<BodySource, null | undefined>): { stream: ReadableStream<Uint8Array>; type: string | null } {
  if (body instanceof ReadableStream) return { stream: body, type: null };
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return { stream: bytesStream(copyOf(body)), type: null };
  if (body instanceof Blob) return { stream: body.stream() as ReadableStream<Uint8Array>, type: body.type || null };
  if (body instanceof URLSearchParams) {
    return { stream: bytesStream(Buffer.from(body.toString(), "utf8")), type: "application/x-www-form-urlencoded;charset=UTF-8" };
  }
  return { stream: bytesStream(Buffer.from(`${body as string}`, "utf8")), type: "text/plain;charset=UTF-8" };
}

/** WebIDL's `unsigned short` as Node converts it: truncated, wrapped at 2^16 (sign kept), NaN and ±∞ are 0. */
function unsignedShort(value: unknown): number {
  const number = Number(value);
  return Number.isFinite(number) ? Math.trunc(number) % 65536 : 0;
}

const isFormData = (body: unknown) => Object.prototype.toString.call(body) === "[object FormData]";

export class LeanResponse {
  readonly #status: number;
  readonly #statusText: string;
  readonly #headers: LeanHeaders;
  /** What the body reads from; the stream handed out wraps it to see the first read. */
  #source: ReadableStream<Uint8Array> | null = null;
  #body: ReadableStream<Uint8Array> | null = null;
  #disturbed = false;

  constructor(body?: BodySource, given?: LeanResponseInit | null) {
    // A WebIDL dictionary: null and undefined are empty, any other non-object is refused.
    const init: LeanResponseInit = given ?? {};
    if (typeof init !== "object" && typeof init !== "function") throw new TypeError("Response constructor: init must be an object.");
    const status = init.status === undefined ? 200 : unsignedShort(init.status);
    if (status < 200 || status > 599) {
      throw new RangeError(`Response constructor: init["status"] must be in the range of 200 to 599, inclusive.`);
    }
    const statusText = init.statusText === undefined ? "" : `${init.statusText}`;
    if (!REASON_PHRASE.test(statusText)) throw new TypeError("Response constructor: invalid statusText.");
    this.#status = status;
    this.#statusText = statusText;
    this.#headers = new LeanHeaders(init.headers as LeanHeadersInit);
    if (body === null || body === undefined) return;
    if (NULL_BODY.has(status)) throw new TypeError(`Response constructor: Invalid response status code ${status}`);
    if (isFormData(body)) {
      // Rare (only a caller holding a FormData): Node's own Response encodes it and names its boundary.
      const native = new globalThis.Response(body as unknown as FormData);
      this.#source = native.body as ReadableStream<Uint8Array>;
      const type = native.headers.get("content-type");
      if (type && !this.#headers.has("content-type")) this.#headers.set("content-type", type);
    } else {
      const { stream, type } = extract(body);
      this.#source = stream;
      if (type && !this.#headers.has("content-type")) this.#headers.set("content-type", type);
    }
    this.#body = this.#watched(this.#source);
  }

  /** A stream over `source` that marks the body disturbed on its first read or cancel, as fetch's does. */
  #watched(source: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    return new ReadableStream<Uint8Array>(
      {
        pull: async (controller) => {
          this.#disturbed = true;
          reader ??= source.getReader();
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        },
        cancel: (reason) => {
          this.#disturbed = true;
          return reader ? reader.cancel(reason) : source.cancel(reason);
        },
      },
      { highWaterMark: 0 },
    );
  }

  get status(): number {
    return this.#status;
  }
  get statusText(): string {
    return this.#statusText;
  }
  get ok(): boolean {
    return this.#status >= 200 && this.#status <= 299;
  }
  get headers(): LeanHeaders {
    return this.#headers;
  }
  get body(): ReadableStream<Uint8Array> | null {
    return this.#body;
  }
  get bodyUsed(): boolean {
    return this.#body !== null && this.#disturbed;
  }
  /** Set per instance by our fetch (Object.defineProperty), as a fetched Response carries its URL. */
  get url(): string {
    return "";
  }
  get redirected(): boolean {
    return false;
  }
  get type(): "default" {
    return "default";
  }

  async #bytes(): Promise<Uint8Array> {
    if (this.#body === null) return new Uint8Array(0);
    if (this.#disturbed || this.#body.locked) throw new TypeError("Body is unusable: Body has already been read");
    const chunks: Uint8Array[] = [];
    let length = 0;
    const reader = this.#body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.byteLength;
    }
    const out = new Uint8Array(length);
    let at = 0;
    for (const chunk of chunks) {
      out.set(chunk, at);
      at += chunk.byteLength;
    }
    return out;
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.#bytes());
  }
  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    return (await this.#bytes()).buffer as ArrayBuffer;
  }
  async bytes(): Promise<Uint8Array> {
    return this.#bytes();
  }
  async blob(): Promise<Blob> {
    return new Blob([await this.#bytes()], { type: this.#headers.get("content-type") ?? "" });
  }

  /** Two responses over one body: the stream is teed, each gets a branch. */
  clone(): LeanResponse {
    if (this.#disturbed || this.#body?.locked) throw new TypeError("Response.clone: Body has already been consumed.");
    const copy = new LeanResponse(null, { status: this.#status, statusText: this.#statusText, headers: this.#headers });
    if (this.#source) {
      const [mine, theirs] = this.#source.tee();
      this.#source = mine;
      this.#body = this.#watched(mine);
      copy.#source = theirs;
      copy.#body = copy.#watched(theirs);
    }
    const url = Object.getOwnPropertyDescriptor(this, "url");
    if (url) Object.defineProperty(copy, "url", url);
    return copy;
  }

  static json(data: unknown, init: LeanResponseInit = {}): LeanResponse {
    const text = JSON.stringify(data);
    if (text === undefined) throw new TypeError("Response.json: the data cannot be serialised to JSON.");
    const headers = new LeanHeaders(init.headers as LeanHeadersInit);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
    return new LeanResponse(text, { ...init, headers });
  }

  get [Symbol.toStringTag](): string {
    return "Response";
  }

  /** As for LeanHeaders: Node's and undici's Responses pass `instanceof Response` too. */
  static [Symbol.hasInstance](value: unknown): boolean {
    return Object.prototype.toString.call(value) === "[object Response]";
  }
}
