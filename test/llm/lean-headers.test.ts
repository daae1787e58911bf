// LeanHeaders against Node's own Headers: seeded random operation sequences (mixed-case and
// repeated names, set-cookie, HTTP whitespace, invalid names and values, odd init shapes) run
// on both must leave the same observable state after every step, and throw exactly when Node's
// throws (a TypeError both times). A failing seed is printed and can be replayed.
import { describe, expect, it } from "vitest";
import { LeanHeaders } from "../../src/engine/llm/lean-headers.js";
import { seededRandom } from "../helpers/seeded-random.js";

type AnyHeaders = Headers | LeanHeaders;

const NAMES = ["Content-Type", "content-type", "X-Id", "x-id", "X-ID", "Set-Cookie", "set-cookie", "accept", "a", "B", "zeta", "x_y", "x.y~!"];
const BAD_NAMES = ["", "bad name", "x:y", "é", "日本", "x\n", "(x)", "x/y", "x\0"];
const VALUES = ["text/plain", "a=1; Path=/", "b=2", "", "1", "hello world", "  padded  ", "\ttabbed\t", "\r\nwrapped\r\n", "a, b", "é latin1 \xff", "q=\"x\""];
const BAD_VALUES = ["line\nbreak", "car\rriage", "nul\0", "日本", "a\r\nb: c"];

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)]!;
}

const name = (rand: () => number) => (rand() < 0.1 ? pick(rand, BAD_NAMES) : pick(rand, NAMES));
const value = (rand: () => number) => (rand() < 0.1 ? pick(rand, BAD_VALUES) : pick(rand, VALUES));

/** Everything a reader can see of a Headers object. */
function snapshot(headers: AnyHeaders): unknown {
  const forEach: string[][] = [];
  headers.forEach((v, n) => forEach.push([n, v]));
  return {
    entries: [...headers],
    keys: [...headers.keys()],
    values: [...headers.values()],
    forEach,
    cookies: headers.getSetCookie(),
    gets: NAMES.map((n) => [headers.get(n), headers.has(n)]),
  };
}

/** Runs `op`, telling a return value from a throw (whose class must match too). */
function outcome(op: () => unknown): unknown {
  try {
    return { value: op() };
  } catch (error) {
    return { threw: (error as Error).constructor.name };
  }
}

type Op = (h: AnyHeaders) => unknown;

function randomOp(rand: () => number): { label: string; op: Op } {
  const n = name(rand);
  const v = value(rand);
  switch (Math.floor(rand() * 5)) {
    case 0:
      return { label: `append(${JSON.stringify(n)}, ${JSON.stringify(v)})`, op: (h) => h.append(n, v) };
    case 1:
      return { label: `set(${JSON.stringify(n)}, ${JSON.stringify(v)})`, op: (h) => h.set(n, v) };
    case 2:
      return { label: `delete(${JSON.stringify(n)})`, op: (h) => h.delete(n) };
    case 3:
      return { label: `get(${JSON.stringify(n)})`, op: (h) => h.get(n) };
    default:
      return { label: `has(${JSON.stringify(n)})`, op: (h) => h.has(n) };
  }
}

function randomInit(rand: () => number): unknown {
  const pairs = Array.from({ length: Math.floor(rand() * 5) }, () => [name(rand), value(rand)]);
  switch (Math.floor(rand() * 4)) {
    case 0:
      return pairs;
    case 1:
      return Object.fromEntries(pairs);
    case 2:
      return new Headers(pairs.filter(([n, v]) => !BAD_NAMES.includes(n!) && !BAD_VALUES.includes(v!)) as [string, string][]);
    default:
      return undefined;
  }
}

describe("LeanHeaders behaves as Node's Headers", () => {
  it("over seeded random operation sequences", () => {
    for (let seed = 1; seed <= 400; seed += 1) {
      const rand = seededRandom(seed);
      const init = randomInit(rand);
      const made = [outcome(() => new Headers(init as ConstructorParameters<typeof Headers>[0])), outcome(() => new LeanHeaders(init as never))] as const;
      const built = made.map((m) => (m as { value?: AnyHeaders }).value);
      const trail = [`seed ${seed}: new Headers(${JSON.stringify(init instanceof Headers ? [...init] : init)})`];
      expect(built[1] === undefined, trail.join("\n")).toBe(built[0] === undefined);
      if (!built[0] || !built[1]) continue;
      for (let step = 0; step < 30; step += 1) {
        const { label, op } = randomOp(rand);
        trail.push(label);
        const [native, lean] = [outcome(() => op(built[0]!)), outcome(() => op(built[1]!))];
        expect(lean, trail.join("\n")).toEqual(native);
        expect(snapshot(built[1]), trail.join("\n")).toEqual(snapshot(built[0]));
      }
    }
  });

  it("takes the same init shapes and refuses the same ones", () => {
    const inits: unknown[] = [
      { "X-A": "1", "x-a": "2" },
      [["Set-Cookie", "a=1"], ["set-cookie", "b=2"], ["X", " y "]],
      new Map([["k", "v"]]),
      new Headers([["a", "1"], ["a", "2"], ["set-cookie", "c=3"]]),
      new LeanHeaders([["a", "1"], ["set-cookie", "c=3"], ["set-cookie", "d=4"]]),
      [["only-name"]],
      [["a", "b", "c"]],
      ["ab"],
      "a string",
      42,
      null,
      { [Symbol("s")]: "1" },
      Object.create({ inherited: "no" }, { own: { value: "yes", enumerable: true } }),
      { hidden: "x", ...Object.defineProperty({}, "secret", { value: "y", enumerable: false }) },
      { "bad name": "x" },
      { good: "bad\nvalue" },
      { undef: undefined, num: 7 },
    ];
    for (const init of inits) {
      const native = outcome(() => [...new Headers(init as ConstructorParameters<typeof Headers>[0])]);
      const lean = outcome(() => [...new LeanHeaders(init as never)]);
      expect(lean, String(init)).toEqual(native);
    }
  });

  it("checks argument counts and converts values as WebIDL does", () => {
    const cases: Op[] = [
      (h) => (h.append as (...a: unknown[]) => void)("x"),
      (h) => (h.set as (...a: unknown[]) => void)(),
      (h) => (h.get as (...a: unknown[]) => unknown)(),
      (h) => h.append("n", 12 as unknown as string),
      (h) => h.append("n", null as unknown as string),
      (h) => h.append("n", Symbol("x") as unknown as string),
      (h) => h.append({ toString: () => "Obj-Name" } as unknown as string, "v"),
      (h) => h.forEach(null as never),
    ];
    for (const op of cases) {
      const [native, lean] = [new Headers(), new LeanHeaders()];
      expect(outcome(() => op(lean)), op.toString()).toEqual(outcome(() => op(native)));
      expect(snapshot(lean)).toEqual(snapshot(native));
    }
  });

  it("iterators see changes made while iterating, as the spec's index-based iteration does", () => {
    const run = (h: AnyHeaders) => {
      h.append("b", "1");
      h.append("d", "2");
      const seen: string[] = [];
      for (const [n] of h) {
        seen.push(n);
        if (n === "b") h.append("c", "3");
        if (n === "c") h.delete("a");
      }
      h.forEach((_, n) => {
        seen.push(`each ${n}`);
        if (n === "b") h.append("a", "0");
      });
      return seen;
    };
    expect(run(new LeanHeaders())).toEqual(run(new Headers()));
  });

  it("passes `instanceof Headers` for Node's Headers too, and Node's fetch machinery reads it as a Headers init", async () => {
    expect(new Headers() instanceof LeanHeaders).toBe(true);
    expect({} instanceof LeanHeaders).toBe(false);
    const lean = new LeanHeaders([["X-B", "2"], ["x-a", "1"], ["set-cookie", "a=1"], ["set-cookie", "b=2"]]);
    expect([...new Headers(lean as unknown as ConstructorParameters<typeof Headers>[0])]).toEqual([...lean]);
    expect(Object.prototype.toString.call(lean)).toBe("[object Headers]");
  });
});
