// Splits streamed markdown into blocks that can no longer change and the tail that still can.
// A blank line outside a code fence ends a block: later text cannot alter how it renders
// (link reference definitions aside), so each finished block is parsed and drawn once.

export interface BlockSplit {
  /** Finished blocks, in order; each is markdown without its separating blank lines. */
  stable: string[];
  /** The text after the last finished block; may hold an unclosed code fence. */
  tail: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

export function splitStableBlocks(text: string): BlockSplit {
  const stable: string[] = [];
  let fence: string | undefined;
  let blockStart = 0;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf("\n", lineStart);
    // The last line has no newline yet: it is still being written, so never ends a block.
    if (newline < 0) break;
    const line = text.slice(lineStart, newline);
    const marker = FENCE.exec(line)?.[1];
    if (marker) {
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
    } else if (fence === undefined && line.trim() === "") {
      const block = text.slice(blockStart, lineStart);
      if (block.trim() !== "") stable.push(block.replace(/\n+$/, ""));
      blockStart = newline + 1;
    }
    lineStart = newline + 1;
  }
  return { stable, tail: text.slice(blockStart) };
}
