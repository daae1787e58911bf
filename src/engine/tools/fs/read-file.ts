// read_file: numbered lines of a text file, paged so a huge file never loads whole, or an
// image as image content. Line numbers are 1-based like every editor's.
import { stat, type FileHandle } from "node:fs/promises";
import { BINARY_SNIFF_BYTES, hasNul, utf16Error, utf16Of } from "./file-text.js";
import { decodeLossless, showEscapedBytes, shownTextChunks } from "./byte-text.js";
import { sniffImageType } from "./image-sniff.js";
import { headCut } from "../../secrets/word-cut.js";
import type { Jail } from "../jail/jail.js";
import { notRegularError, openRegular } from "./regular-file.js";
import { defineTool, ToolError } from "../tool.js";
import { builtinInput } from "../tool-input.js";

export const DEFAULT_READ_LIMIT = 2000;
export const MAX_LINE_CHARS = 2000;
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * Lines split on "\n" only (a trailing "\r" dropped), as grep and edit_file count them.
 * A partial line is kept only up to the display cut, so one giant minified line cannot
 * exhaust memory; `dropped` says how much of it was not kept.
 */
async function* splitLines(chunks: AsyncIterable<string> | Iterable<string>): AsyncGenerator<{ text: string; dropped: number }> {
  let partial = "";
  let dropped = 0;
  const keep = (piece: string) => {
    const room = MAX_LINE_CHARS + 1 - partial.length;
    if (piece.length <= room) partial += piece;
    else {
      partial += piece.slice(0, Math.max(room, 0));
      dropped += piece.length - Math.max(room, 0);
    }
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (let nl = chunk.indexOf("\n"); nl !== -1; nl = chunk.indexOf("\n", start)) {
      keep(chunk.slice(start, nl));
      yield { text: partial.endsWith("\r") ? partial.slice(0, -1) : partial, dropped };
      partial = "";
      dropped = 0;
      start = nl + 1;
    }
    keep(chunk.slice(start));
  }
  if (partial.length > 0 || dropped > 0) yield { text: partial, dropped };
}

function cutLine({ text, dropped }: { text: string; dropped: number }): string {
  const total = text.length + dropped;
  if (total <= MAX_LINE_CHARS) return text;
  // At a word's edge: half a secret kept before the cut would escape the redactor.
  const kept = headCut(text, MAX_LINE_CHARS, true);
  return `${text.slice(0, kept)}… [line cut: ${total - kept} more characters]`;
}

/** Reads lines [offset, offset+limit) and whether any follow, without loading the whole file. */
async function readLines(chunks: AsyncIterable<string> | Iterable<string>, offset: number, limit: number) {
  const picked: string[] = [];
  let lineNo = 0;
  let more = false;
  for await (const line of splitLines(chunks)) {
    lineNo++;
    if (lineNo < offset) continue;
    if (picked.length === limit) {
      more = true;
      break; // leaving the loop closes the generator and its stream
    }
    picked.push(cutLine(lineNo === 1 ? { ...line, text: line.text.replace(/^\uFEFF/, "") } : line));
  }
  return { picked, total: lineNo, more };
}

export function createReadFileTool({ jail }: { jail: Jail }) {
  return defineTool({
    name: "read_file",
    description:
      `Read a text file as numbered lines, at most ${DEFAULT_READ_LIMIT} a call: page with offset/limit. Lines over ${MAX_LINE_CHARS} chars are cut. PNG, JPEG, GIF, WebP come back as images; ` +
      `other binaries are refused.`,
    kind: "read",
    input: builtinInput("read_file"),
    subject: ({ path }) => ({ paths: [path] }),
    async execute({ path: userPath, offset = 1, limit = DEFAULT_READ_LIMIT }) {
      const absolute = jail.resolveRead(userPath);
      const shown = jail.display(absolute);
      const info = await stat(absolute).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") throw new ToolError(`${shown} does not exist`);
        throw error;
      });
      if (info.isDirectory()) throw new ToolError(`${shown} is a directory; use list_files to see its entries`);
      if (!info.isFile()) throw notRegularError(shown, info);
      // One handle for every look at the file, so the checks and the lines see the same bytes;
      // opened without blocking and checked again, in case a FIFO took the file's place.
      const { handle, stats } = await openRegular(absolute, shown);
      try {
        if (stats.size === 0) return { content: `(${shown} is empty)` };
        return await readOpen(handle, shown, stats.size, offset, limit);
      } finally {
        await handle.close();
      }
    },
  });
}

/** The image, or the numbered lines, of an open non-empty file. */
async function readOpen(handle: FileHandle, shown: string, size: number, offset: number, limit: number) {
  const head = Buffer.alloc(BINARY_SNIFF_BYTES);
  const { bytesRead } = await handle.read(head, 0, head.length, 0);
  const first = head.subarray(0, bytesRead);
  // The bytes decide, not the name (a text file called x.png is text, and redacted as text).
  const mediaType = sniffImageType(first);
  if (mediaType) {
    if (size > MAX_IMAGE_BYTES) throw new ToolError(`${shown} is an image of ${size} bytes; the limit is ${MAX_IMAGE_BYTES}`);
    const base64 = (await handle.readFile()).toString("base64");
    return { content: `[image ${shown}: ${mediaType}, ${size} bytes]`, images: [{ mediaType, base64 }] };
  }
  const utf16 = utf16Of(first);
  if (utf16) throw utf16Error(shown, utf16);
  if (hasNul(first)) throw new ToolError(`${shown} is a binary file (NUL byte in the first 8 KB); not shown`);

  // A file that fit in the first read is split as it is; a larger one is streamed.
  // Bytes that are not UTF-8 read as `\xNN`, as the diffs show them (byte-text.ts).
  const chunks =
    bytesRead < head.length
      ? [showEscapedBytes(decodeLossless(first).text)]
      : shownTextChunks(handle.createReadStream({ start: 0, highWaterMark: 1 << 16, autoClose: false }));
  const { picked, total, more } = await readLines(chunks, offset, limit);
  if (picked.length === 0) {
    throw new ToolError(`offset ${offset} is past the end of ${shown} (${total} lines)`);
  }
  const last = offset + picked.length - 1;
  const width = String(last).length;
  const body = picked.map((line, i) => `${String(offset + i).padStart(width)}\t${line}`).join("\n");
  const note = more
    ? `\n\n[lines ${offset}-${last} of ${shown}; more follow — continue with offset=${last + 1}]`
    : offset > 1
      ? `\n\n[lines ${offset}-${last} of ${shown}; end of file]`
      : "";
  return { content: body + note };
}
