// Which image a file is, by its first bytes, never by its name: a text file called key.png
// is text (and gets redacted like any text), and a PNG called notes.txt is still a PNG.
const SIGNATURES: { mediaType: string; matches(head: Buffer): boolean }[] = [
  { mediaType: "image/png", matches: (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mediaType: "image/jpeg", matches: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff },
  { mediaType: "image/gif", matches: (h) => /^GIF8[79]a$/.test(h.subarray(0, 6).toString("latin1")) },
  { mediaType: "image/webp", matches: (h) => h.subarray(0, 4).toString("latin1") === "RIFF" && h.subarray(8, 12).toString("latin1") === "WEBP" },
];

/** The image types every provider we speak takes as image input. */
export const IMAGE_MEDIA_TYPES: readonly string[] = SIGNATURES.map((signature) => signature.mediaType);

// Strict: Buffer.from(text, "base64") skips what it cannot read instead of failing, so garbage
// would decode to a few stray bytes rather than be refused. One character class and the length,
// not a group repeated per 4 characters: V8 backtracks through such a group by recursion and
// overflows the stack on a few MB of base64.
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Whether `text` (whitespace already removed) is padded standard base64. */
export function isBase64(text: string): boolean {
  return text.length % 4 === 0 && BASE64.test(text);
}

/** The media type a file's leading bytes announce, or undefined for anything else. */
export function sniffImageType(head: Buffer): string | undefined {
  return SIGNATURES.find((signature) => signature.matches(head))?.mediaType;
}
