// A WHATWG `Headers` of our own (docs/adr/0026-lean-web-classes.md). In Node 20 the first touch
// of the global `Headers` or `Response` loads Node's internal undici bundle (~18 ms per run),
// and on the print path nothing else needs it. This one follows the Fetch spec wherever the
// provider SDKs and our fetch look: case-insensitive names, values trimmed of HTTP whitespace,
// repeated values joined with ", " (set-cookie kept apart), iteration sorted by lower-cased
// name, and a TypeError for what Node's Headers rejects. No guard: like Node's, it is mutable.

/** An HTTP token (RFC 9110): what a header name must be. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** HTTP whitespace at either end of a value: tab, line feed, carriage return, space. */
const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
const FORBIDDEN_IN_VALUE = /[\0\r\n]/;

/** WebIDL's ByteString: a string of code units ≤ 0xFF (a Symbol throws a TypeError here too). */
function byteString(value: unknown, method: string): string {
  const text = `${value as string}`;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0xff) {
      throw new TypeError(`Headers.${method}: the character at index ${i} of ${JSON.stringify(text)} is not a byte`);
    }
  }
  return text;
}

function checkedName(name: unknown, method: string): string {
  const text = byteString(name, method);
  if (!TOKEN.test(text)) throw new TypeError(`Headers.${method}: ${JSON.stringify(text)} is an invalid header name.`);
  return text;
}

function checkedValue(value: unknown, method: string): string {
  const text = byteString(value, method).replace(EDGE_WHITESPACE, "");
  if (FORBIDDEN_IN_VALUE.test(text)) throw new TypeError(`Headers.${method}: ${JSON.stringify(text)} is an invalid header value.`);
  return text;
}

function needArgs(count: number, wanted: number, method: string): void {
  if (count < wanted) throw new TypeError(`Headers.${method}: ${wanted} argument${wanted > 1 ? "s" : ""} required, but only ${count} present.`);
}

export type LeanHeadersInit = Iterable<Iterable<string>> | Record<string, string> | undefined;

interface Entry {
  /** Joined with ", " (all but set-cookie). */
  joined: string;
  /** Each set-cookie value on its own. */
  cookies: string[];
}

export class LeanHeaders {
  readonly #entries = new Map<string, Entry>();
  /** The sorted pairs, rebuilt after a change (iterators read it by index, as the spec says). */
  #sorted: [string, string][] | undefined;

  constructor(init?: LeanHeadersInit) {
    if (init === undefined) return;
    if (init === null || (typeof init !== "object" && typeof init !== "function")) {
      throw new TypeError("Headers constructor: the init argument must be an object (a record or a sequence of pairs).");
    }
    const iterator = (init as Partial<Iterable<unknown>>)[Symbol.iterator];
    if (iterator !== undefined && iterator !== null) {
      if (typeof iterator !== "function") throw new TypeError("Headers constructor: the init argument is not iterable.");
      for (const pair of init as Iterable<Iterable<string>>) {
        if (pair === null || typeof pair !== "object" || typeof (pair as Partial<Iterable<string>>)[Symbol.iterator] !== "function") {
          throw new TypeError("Headers constructor: each header must be a [name, value] sequence.");
        }
        const items = [...pair];
        if (items.length !== 2) throw new TypeError(`Headers constructor: expected name/value pair to be length 2, found ${items.length}.`);
        this.append(items[0]!, items[1]!);
      }
      return;
    }
    for (const key of Reflect.ownKeys(init)) {
      const descriptor = Reflect.getOwnPropertyDescriptor(init, key);
      if (!descriptor?.enumerable) continue;
      if (typeof key === "symbol") throw new TypeError("Headers constructor: a header name cannot be a Symbol.");
      this.append(key, (init as Record<string, string>)[key]!);
    }
  }

  append(name: string, value: string): void {
    needArgs(arguments.length, 2, "append");
    const checked = checkedName(name, "append");
    const text = checkedValue(value, "append");
    const key = checked.toLowerCase();
    const entry = this.#entries.get(key);
    if (!entry) this.#entries.set(key, { joined: text, cookies: key === "set-cookie" ? [text] : [] });
    else {
      entry.joined = `${entry.joined}, ${text}`;
      if (key === "set-cookie") entry.cookies.push(text);
    }
    this.#sorted = undefined;
  }

  set(name: string, value: string): void {
    needArgs(arguments.length, 2, "set");
    const key = checkedName(name, "set").toLowerCase();
    const text = checkedValue(value, "set");
    this.#entries.set(key, { joined: text, cookies: key === "set-cookie" ? [text] : [] });
    this.#sorted = undefined;
  }

  get(name: string): string | null {
    needArgs(arguments.length, 1, "get");
    return this.#entries.get(checkedName(name, "get").toLowerCase())?.joined ?? null;
  }

  has(name: string): boolean {
    needArgs(arguments.length, 1, "has");
    return this.#entries.has(checkedName(name, "has").toLowerCase());
  }

  delete(name: string): void {
    needArgs(arguments.length, 1, "delete");
    if (this.#entries.delete(checkedName(name, "delete").toLowerCase())) this.#sorted = undefined;
  }

  getSetCookie(): string[] {
    return [...(this.#entries.get("set-cookie")?.cookies ?? [])];
  }

  /** Fetch's "sort and combine": by lower-cased name, set-cookie values one pair each. */
  #pairs(): [string, string][] {
    if (this.#sorted) return this.#sorted;
    const names = [...this.#entries.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const pairs: [string, string][] = [];
    for (const name of names) {
      const entry = this.#entries.get(name)!;
      if (name === "set-cookie") for (const cookie of entry.cookies) pairs.push([name, cookie]);
      else pairs.push([name, entry.joined]);
    }
    this.#sorted = pairs;
    return pairs;
  }

  forEach(callback: (value: string, name: string, headers: LeanHeaders) => void, thisArg?: unknown): void {
    if (typeof callback !== "function") throw new TypeError("Headers.forEach: the callback must be a function.");
    for (let i = 0; i < this.#pairs().length; i++) {
      const [name, value] = this.#pairs()[i]!;
      callback.call(thisArg, value, name, this);
    }
  }

  *#walk<T>(pick: (pair: [string, string]) => T): Generator<T, undefined> {
    for (let i = 0; i < this.#pairs().length; i++) yield pick(this.#pairs()[i]!);
    return undefined;
  }

  entries(): IterableIterator<[string, string]> {
    return this.#walk(([name, value]) => [name, value] as [string, string]);
  }

  keys(): IterableIterator<string> {
    return this.#walk(([name]) => name);
  }

  values(): IterableIterator<string> {
    return this.#walk(([, value]) => value);
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return "Headers";
  }

  /**
   * `x instanceof Headers` in the SDKs holds for Node's and undici's Headers too (a caller's,
   * or undici's fetch behind a proxy): they are read through the same members.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    return Object.prototype.toString.call(value) === "[object Headers]";
  }
}
