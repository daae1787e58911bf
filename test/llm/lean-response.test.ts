// LeanResponse against Node's own Response: the same status/ok/statusText rules, the same body
// encodings and content types, the same bodyUsed after each way of reading, the same rejections
// for a body read twice or cloned after use, and the same JSON errors.
import { describe, expect, it } from "vitest";
import { LeanHeaders } from "../../src/engine/llm/lean-headers.js";
import { LeanResponse } from "../../src/engine/llm/lean-response.js";
import { FormData as LeanFormData } from "../../src/engine/llm/lean-web.js";

type AnyResponse = Response | LeanResponse;
type Make = (body?: unknown, init?: unknown) => AnyResponse;

const makeNative: Make = (body, init) => new Response(body as ConstructorParameters<typeof Response>[0], init as ResponseInit);
const makeLean: Make = (body, init) => new LeanResponse(body as never, init as never);

/** Runs `op`, telling a result from a throw or rejection (whose class must match). */
async function outcome(op: () => unknown): Promise<unknown> {
  try {
    const value = await op();
    return { value: value instanceof ArrayBuffer ? [...new Uint8Array(value)] : value instanceof Uint8Array ? [...value] : value };
  } catch (error) {
    return { threw: (error as Error).constructor.name };
  }
}

/** Runs one scenario on both classes; the outcomes must be equal. */
async function same(label: string, scenario: (make: Make) => unknown): Promise<void> {
  const native = await outcome(() => scenario(makeNative));
  const lean = await outcome(() => scenario(makeLean));
  expect(lean, label).toEqual(native);
}

const streamOf = (...parts: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
      controller.close();
    },
  });

const plain = (r: AnyResponse) => ({ status: r.status, ok: r.ok, statusText: r.statusText, hasBody: r.body !== null, type: r.type, url: r.url, redirected: r.redirected, bodyUsed: r.bodyUsed });

describe("LeanResponse behaves as Node's Response", () => {
  it("status, ok and statusText follow the same rules", async () => {
    const statuses = [undefined, 200, 201, 204, 299, 300, 304, 404, 500, 599, 199, 600, 0, 200.5, "201", "abc", Number.NaN, 65736, -65336, Infinity];
    for (const status of statuses) {
      for (const body of [null, "x"]) {
        await same(`status ${String(status)} body ${body}`, (make) => plain(make(body, { status })));
      }
    }
    for (const statusText of ["OK", "", "Not Found", "tab\there", "bad\nline", "bad\r", "é", "日本", 42]) {
      await same(`statusText ${JSON.stringify(statusText)}`, (make) => plain(make(null, { statusText })));
    }
    await same("init null", (make) => plain(make("x", null)));
    await same("init a number", (make) => plain(make("x", 5)));
    await same("no init", (make) => plain(make()));
  });

  it("encodes each body type as fetch does, with the same content type", async () => {
    const bodies: [string, () => unknown][] = [
      ["string", () => "héllo"],
      ["empty string", () => ""],
      ["Uint8Array", () => new Uint8Array([1, 2, 255])],
      ["ArrayBuffer", () => new Uint8Array([9, 8]).buffer],
      ["DataView", () => new DataView(new Uint8Array([0, 7, 6, 0]).buffer, 1, 2)],
      ["Blob", () => new Blob(["blob text"], { type: "text/x-mine" })],
      ["untyped Blob", () => new Blob(["raw"])],
      ["URLSearchParams", () => new URLSearchParams({ a: "1 2", b: "é" })],
      ["ReadableStream", () => streamOf("one ", "two")],
      ["number", () => 42],
      ["BOM", () => new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69])],
      ["bad UTF-8", () => new Uint8Array([0x61, 0xff, 0x62])],
    ];
    for (const [label, body] of bodies) {
      await same(`${label} text`, async (make) => {
        const r = make(body());
        return [r.headers.get("content-type"), await r.text(), r.bodyUsed];
      });
      await same(`${label} arrayBuffer`, async (make) => [...new Uint8Array(await make(body()).arrayBuffer())]);
      await same(`${label} bytes`, async (make) => [...(await (make(body()) as LeanResponse).bytes())]);
      await same(`${label} blob`, async (make) => {
        const blob = await make(body()).blob();
        return [blob.type, blob.size, await blob.text()];
      });
    }
    await same("explicit content-type wins", (make) => make("x", { headers: { "Content-Type": "application/json" } }).headers.get("content-type"));
    await same("headers from a Headers", (make) => [...make(null, { headers: new Headers([["a", "1"], ["set-cookie", "s=1"]]) }).headers]);
    await same("headers from a LeanHeaders", (make) => [...make(null, { headers: new LeanHeaders([["b", "2"]]) }).headers]);
    await same("a body on a null-body status", (make) => plain(make("x", { status: 204 })));
    await same("a null body on 204", (make) => plain(make(null, { status: 204 })));
  });

  it("a body reads once: a second read, or a read of a locked body, rejects with a TypeError", async () => {
    await same("text twice", async (make) => {
      const r = make("abc");
      await r.text();
      return r.text();
    });
    await same("json after arrayBuffer", async (make) => {
      const r = make("{}");
      await r.arrayBuffer();
      return r.json();
    });
    await same("read while locked", async (make) => {
      const r = make("abc");
      r.body!.getReader();
      return [r.bodyUsed, await r.text()];
    });
    await same("bodyUsed after one direct read", async (make) => {
      const r = make(streamOf("a", "b"));
      const before = r.bodyUsed;
      const reader = r.body!.getReader();
      const mid = r.bodyUsed;
      const first = new TextDecoder().decode((await reader.read()).value);
      return [before, mid, first, r.bodyUsed];
    });
    await same("bodyUsed after cancel", async (make) => {
      const r = make("abc");
      await r.body!.cancel();
      return [r.bodyUsed, await r.text()];
    });
    await same("the same body object each time", (make) => {
      const r = make("abc");
      return r.body === r.body;
    });
    await same("a null body reads as empty, again and again", async (make) => {
      const r = make(null);
      return [await r.text(), await r.text(), [...new Uint8Array(await r.arrayBuffer())], r.bodyUsed];
    });
  });

  it("json() parses, and rejects with a SyntaxError as Node's does", async () => {
    for (const text of ['{"a":[1,2,{"b":null}]}', "42", '"s"', "", "{", "nul", "\ufeff[1]"]) {
      await same(`json ${JSON.stringify(text)}`, (make) => make(text).json());
    }
    await same("Response.json", async (make) => {
      const r = (make === makeNative ? Response : LeanResponse).json({ a: 1 }, { status: 201, headers: { "x-y": "z" } });
      return [r.status, [...r.headers], await r.text()];
    });
  });

  it("clone() tees the body, and refuses a used or locked body", async () => {
    await same("both read", async (make) => {
      const r = make(streamOf("par", "tial"), { status: 201, statusText: "Made", headers: { "x-a": "1" } });
      const c = r.clone();
      c.headers.set("x-a", "changed");
      return [plain(c), await c.text(), await r.text(), r.headers.get("x-a"), r.bodyUsed, c.bodyUsed];
    });
    await same("clone after read", async (make) => {
      const r = make("abc");
      await r.text();
      return r.clone();
    });
    await same("clone while locked", (make) => {
      const r = make("abc");
      r.body!.getReader();
      return r.clone();
    });
    await same("clone of a null body", async (make) => {
      const c = make(null, { status: 204 }).clone();
      return [plain(c), await c.text()];
    });
    await same("a clone read first", async (make) => {
      const r = make("abc");
      const c = r.clone();
      const first = await c.text();
      return [first, r.bodyUsed, await r.text()];
    });
  });

  it("a body stream that errors rejects the read with that error", async () => {
    class Marked extends Error {}
    const failing = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array([1]));
          controller.error(new Marked("boom"));
        },
      });
    for (const make of [makeNative, makeLean]) {
      await expect(make(failing()).text()).rejects.toBeInstanceOf(Marked);
    }
    await same("bodyUsed after a failed read", async (make) => {
      const r = make(failing());
      await r.text().catch(() => undefined);
      return r.bodyUsed;
    });
  });

  it("passes `instanceof Response` for Node's Response too", () => {
    expect(new Response() instanceof LeanResponse).toBe(true);
    expect(new LeanResponse() instanceof LeanResponse).toBe(true);
    expect({ status: 200 } instanceof LeanResponse).toBe(false);
    expect(Object.prototype.toString.call(new LeanResponse())).toBe("[object Response]");
  });

  it("lean-web's FormData answers `instanceof` for real FormData and builds Node's own", async () => {
    const form = new LeanFormData() as unknown as FormData;
    expect(Object.prototype.toString.call(form)).toBe("[object FormData]");
    expect(form instanceof LeanFormData).toBe(true);
    expect(new globalThis.FormData() instanceof LeanFormData).toBe(true);
    expect(new URLSearchParams() instanceof LeanFormData).toBe(false);
    form.append("field", "value");
    const lean = new LeanResponse(form as never);
    expect(lean.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(await lean.text()).toContain('name="field"\r\n\r\nvalue');
  });
});
