// Reads rg's `--null` output as records: the path up to NUL (no name holds one), then
// `line:text` up to the newline (no line holds one). Split on newlines alone, a name with a
// newline in it became two records, crediting its hits to another file. Chunks are kept in a
// list and joined once per record, so a long record costs its length, not its length squared.

const NUL = 0;
const NEWLINE = 10;

export class RecordReader {
  private pieces: Buffer[] = [];
  private path: string | undefined;

  constructor(private readonly onRecord: (path: string, rest: string) => void) {}

  push(chunk: Buffer): void {
    let from = 0;
    while (from < chunk.length) {
      const at = chunk.indexOf(this.path === undefined ? NUL : NEWLINE, from);
      if (at < 0) {
        this.pieces.push(chunk.subarray(from));
        return;
      }
      this.pieces.push(chunk.subarray(from, at));
      const field = Buffer.concat(this.pieces).toString("utf8");
      this.pieces = [];
      if (this.path === undefined) this.path = field;
      else {
        const path = this.path;
        this.path = undefined;
        this.onRecord(path, field);
      }
      from = at + 1;
    }
  }

  /** The last record, when rg's output did not end with a newline. */
  end(): void {
    if (this.path !== undefined) this.onRecord(this.path, Buffer.concat(this.pieces).toString("utf8"));
    this.pieces = [];
    this.path = undefined;
  }
}
