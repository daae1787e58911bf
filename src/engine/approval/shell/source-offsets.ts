// mvdan-sh is Go compiled to JavaScript: it reads the command as a Go string, so every
// position it reports counts UTF-8 bytes, while a JS string is indexed in UTF-16 code units.
// Slicing the source with a parser position must convert first, or any non-ASCII text before
// a heredoc or a statement moves the slice and a different script is judged than runs.
import type { ShNode } from "./mvdan-sh.js";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The command as a child process receives it: Node encodes a lone surrogate as U+FFFD, and
 * GopherJS would misread it, so the parser is given the same text bash gets.
 */
export function wellFormed(source: string): string {
  return source.replace(LONE_SURROGATE, "\uFFFD");
}

/** Cuts the text of parser nodes out of the (well-formed) source they were parsed from. */
export interface SourceSpans {
  /** The node's source text, from its first byte to its end. */
  text(node: ShNode): string;
}

export function sourceSpans(source: string): SourceSpans {
  const index = byteToIndex(source);
  return {
    text: (node) => source.slice(index(node.Pos().Offset()), index(node.End().Offset())),
  };
}

/** Maps a UTF-8 byte offset into `source` to the UTF-16 index of the same place. */
export function byteToIndex(source: string): (byteOffset: number) => number {
  if (/^[\x00-\x7f]*$/.test(source)) return (offset) => offset;
  const bytes = Buffer.byteLength(source, "utf8");
  const map = new Uint32Array(bytes + 1);
  let at = 0;
  for (let i = 0; i < source.length; ) {
    const code = source.codePointAt(i)!;
    const width = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    // A byte inside a character maps to the character's start; the parser never reports one.
    map.fill(i, at, at + width);
    at += width;
    i += code > 0xffff ? 2 : 1;
  }
  map[bytes] = source.length;
  return (offset) => map[Math.max(0, Math.min(offset, bytes))]!;
}
