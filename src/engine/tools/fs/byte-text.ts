// A file's bytes as a string and back, losslessly, whatever its encoding. Valid UTF-8 decodes
// as usual; every byte that is not part of valid UTF-8 (a latin-1 `é`, 0xE9) becomes one lone
// low surrogate U+DC80–U+DCFF, as Python's "surrogateescape" does, and turns back into that very
// byte when written. Decoding with replacement (U+FFFD) instead would write EF BF BD over every
// such byte of the file, even on lines an edit never touched.
//
// Valid UTF-8 never decodes to a lone surrogate, so an escape cannot be confused with text;
// text from the model is refused when it holds one (`loneSurrogateIn`), so it cannot forge one.

const fatalDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** A lone low surrogate in U+DC80–U+DCFF: one escaped byte. */
const ESCAPED_BYTE = /(?<![\uD800-\uDBFF])[\uDC80-\uDCFF]/g;
/** A surrogate that is not half of a pair: not valid Unicode. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface DecodedText {
  text: string;
  /** False when some bytes were not UTF-8 and were escaped. */
  utf8: boolean;
}

export function decodeLossless(bytes: Uint8Array): DecodedText {
  try {
    return { text: fatalDecoder.decode(bytes), utf8: true };
  } catch {
    return { text: decodeEscaping(bytes), utf8: false };
  }
}

/** The length of the valid UTF-8 sequence starting at `i`, or 0 (Unicode table 3-7). */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const lead = bytes[i]!;
  if (lead < 0x80) return 1;
  const cont = (k: number, low = 0x80, high = 0xbf) => i + k < bytes.length && bytes[i + k]! >= low && bytes[i + k]! <= high;
  if (lead >= 0xc2 && lead <= 0xdf) return cont(1) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    const low = lead === 0xe0 ? 0xa0 : 0x80;
    const high = lead === 0xed ? 0x9f : 0xbf;
    return cont(1, low, high) && cont(2) ? 3 : 0;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    const low = lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xf4 ? 0x8f : 0xbf;
    return cont(1, low, high) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

function decodeEscaping(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let out = "";
  let runStart = 0;
  let i = 0;
  while (i < bytes.length) {
    const length = sequenceLength(bytes, i);
    if (length > 0) {
      i += length;
      continue;
    }
    out += buffer.toString("utf8", runStart, i) + String.fromCharCode(0xdc00 + bytes[i]!);
    i += 1;
    runStart = i;
  }
  return out + buffer.toString("utf8", runStart, i);
}

/** The bytes `text` stands for: escaped bytes as themselves, the rest as UTF-8. */
export function encodeLossless(text: string): Buffer {
  const parts: Buffer[] = [];
  let last = 0;
  for (const match of text.matchAll(ESCAPED_BYTE)) {
    parts.push(Buffer.from(text.slice(last, match.index), "utf8"), Buffer.of(match[0].charCodeAt(0) - 0xdc00));
    last = match.index + 1;
  }
  if (last === 0) return Buffer.from(text, "utf8");
  parts.push(Buffer.from(text.slice(last), "utf8"));
  return Buffer.concat(parts);
}

/** For people and the model: each escaped byte shown as `\xE9`. */
export function showEscapedBytes(text: string): string {
  return text.replace(ESCAPED_BYTE, (char) => `\\x${(char.charCodeAt(0) - 0xdc00).toString(16).toUpperCase()}`);
}

export function loneSurrogateIn(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/**
 * How many bytes at the end of `bytes` begin a UTF-8 sequence the next chunk may complete:
 * held back so a character split between two reads is not taken for two stray bytes.
 */
function incompleteTail(bytes: Uint8Array): number {
  for (let back = 1; back <= 3 && back <= bytes.length; back++) {
    const byte = bytes[bytes.length - back]!;
    if (byte < 0x80) return 0;
    if (byte >= 0xc0) {
      const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return need > back ? back : 0;
    }
  }
  return 0;
}

/**
 * A file's byte chunks as text for showing: UTF-8 decoded, every other byte as `\xNN`, as
 * the diffs of edit_file and write_file show it (a U+FFFD there would hide which byte it is,
 * and differ from the diff of the same line).
 */
export async function* shownTextChunks(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of chunks) {
    const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    const keep = incompleteTail(bytes);
    carry = Buffer.from(bytes.subarray(bytes.length - keep));
    yield showEscapedBytes(decodeLossless(bytes.subarray(0, bytes.length - keep)).text);
  }
  if (carry.length > 0) yield showEscapedBytes(decodeLossless(carry).text);
}
