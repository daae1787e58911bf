// A file's bytes survive the round trip through text whatever they are: edit_file reads and
// writes through it, so a byte lost here is a byte changed on lines no edit touched.
import { describe, expect, it } from "vitest";
import { decodeLossless, encodeLossless, loneSurrogateIn, showEscapedBytes } from "../../src/engine/tools/fs/byte-text.js";

/** A small deterministic generator, so a failure names the same bytes every run. */
function bytesFrom(seed: number, length: number): Buffer {
  const out = Buffer.alloc(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    out[i] = state >>> 24;
  }
  return out;
}

describe("lossless text", () => {
  it("gives back every byte sequence exactly, valid UTF-8 or not", () => {
    const tricky = [
      "caf\xe9\n", // latin-1
      "\xed\xa0\x80", // an encoded surrogate: not UTF-8
      "\xc0\xaf\xe0\x80\xaf", // overlong forms
      "\xf4\x90\x80\x80", // above U+10FFFF
      "\xf0\x9f\x98\x80\xe9", // a 4-byte character, then a lone byte
      "\xe2\x82", // a sequence cut at the end
      "\xef\xbb\xbfbom\r\n",
    ].map((text) => Buffer.from(text, "latin1"));
    const random = Array.from({ length: 200 }, (_, seed) => bytesFrom(seed + 1, 64));
    for (const bytes of [...tricky, ...random]) expect(encodeLossless(decodeLossless(bytes).text)).toEqual(bytes);
  });

  it("decodes valid UTF-8 as usual, and marks the rest as not UTF-8", () => {
    expect(decodeLossless(Buffer.from("\uFEFFh\u00e9 \u{1F600}\r\n"))).toEqual({ text: "\uFEFFh\u00e9 \u{1F600}\r\n", utf8: true });
    const latin1 = decodeLossless(Buffer.from("caf\xe9", "latin1"));
    expect(latin1.utf8).toBe(false);
    expect(showEscapedBytes(latin1.text)).toBe("caf\\xE9");
    expect(loneSurrogateIn(latin1.text)).toBe(true);
    expect(loneSurrogateIn("\u{1F600} ok")).toBe(false);
  });
});
