// Splits a byte stream into lines for the headless protocols (rpc, the Agent SDK's stream-json,
// ACP), in time linear in its length: each chunk is searched for newlines once, a line's pieces
// are kept in a list and joined once, at its newline. A line may be at most MAX_LINE_BYTES: one
// longer is reported as soon as it passes the limit (it may never end) and its bytes are
// dropped up to its newline, so it holds no memory and the lines after it are read as usual.

/** The longest line read: a prompt's images (10 MiB decoded, ~14 MB as base64) fit with room. */
export const MAX_LINE_BYTES = 32 * 1024 * 1024;
/** How the limit is named in errors. */
export const MAX_LINE_TEXT = "32 MiB";
/** The first bytes of an over-long line kept for its report (enough to find its id). */
const HEAD_BYTES = 512;

export interface LineSink {
  line(text: string): void;
  /** A line passed the limit; `head`: its first bytes, for naming it. */
  tooLong(head: string): void;
}

export class LineFramer {
  private pieces: Buffer[] = [];
  private size = 0;
  private dropping = false;

  constructor(
    private readonly sink: LineSink,
    private readonly max = MAX_LINE_BYTES,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      this.add(chunk.subarray(start, newline));
      this.endLine();
      start = newline + 1;
    }
    if (start < chunk.length) this.add(chunk.subarray(start));
  }

  /** The input ended: a last line without its newline is still a line. */
  end(): void {
    if (this.size > 0) this.endLine();
    this.dropping = false;
  }

  private add(piece: Buffer): void {
    if (this.dropping || piece.length === 0) return;
    if (this.size + piece.length > this.max) {
      const head = headOf([...this.pieces, piece]);
      this.pieces = [];
      this.size = 0;
      this.dropping = true;
      this.sink.tooLong(head);
      return;
    }
    this.pieces.push(piece);
    this.size += piece.length;
  }

  private endLine(): void {
    if (this.dropping) {
      this.dropping = false;
      return;
    }
    const text = (this.pieces.length === 1 ? this.pieces[0]! : Buffer.concat(this.pieces, this.size)).toString("utf8");
    this.pieces = [];
    this.size = 0;
    this.sink.line(text.endsWith("\r") ? text.slice(0, -1) : text);
  }
}

function headOf(pieces: Buffer[]): string {
  const kept: Buffer[] = [];
  let size = 0;
  for (const piece of pieces) {
    if (size >= HEAD_BYTES) break;
    kept.push(piece);
    size += piece.length;
  }
  return Buffer.concat(kept).subarray(0, HEAD_BYTES).toString("utf8");
}
