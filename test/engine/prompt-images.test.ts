// The door's check of a prompt's images (session/prompt-images.ts), on what it returns or throws:
// the bytes decide the type, whitespace goes, and the per-prompt cap counts every image.
import { describe, expect, it } from "vitest";
import { checkPromptImages, MAX_PROMPT_IMAGE_BYTES } from "../../src/engine/session/prompt-images.js";
import { MAX_IMAGE_BYTES } from "../../src/engine/tools/output-cap.js";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** Base64 of a PNG header followed by zeros: `bytes` long once decoded. */
function pngOf(bytes: number): string {
  const data = Buffer.alloc(bytes);
  Buffer.from(PNG, "base64").copy(data, 0, 0, 16);
  return data.toString("base64");
}

describe("checkPromptImages", () => {
  it("takes the type the bytes announce and drops whitespace", () => {
    expect(checkPromptImages([{ mediaType: "IMAGE/JPEG", base64: ` ${PNG.slice(0, 10)}\r\n${PNG.slice(10)}\n` }])).toEqual([{ mediaType: "image/png", base64: PNG }]);
    expect(checkPromptImages(undefined)).toEqual([]);
  });

  it("refuses images that together pass the per-prompt cap, naming the one that passed it", () => {
    const full = pngOf(MAX_IMAGE_BYTES);
    expect(MAX_PROMPT_IMAGE_BYTES).toBe(2 * MAX_IMAGE_BYTES);
    expect(checkPromptImages([{ mediaType: "image/png", base64: full }, { mediaType: "image/png", base64: full }])).toHaveLength(2);
    expect(() => checkPromptImages([{ mediaType: "image/png", base64: full }, { mediaType: "image/png", base64: full }, { mediaType: "image/png", base64: PNG }])).toThrow(
      /^image 2: the images so far come to \d+ bytes, over the limit of 10485760 bytes per prompt/,
    );
  });
});
