// glob finds a name whichever Unicode normal form the pattern and the file name use: é as
// one code point (NFC, what a model types) or as e + U+0301 (NFD, what macOS writes).
import { describe, expect, it } from "vitest";
import { createGlobTool } from "../../src/engine/tools/search/glob.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { makeTree, run, tempDir } from "./tree.js";

const NFC = "caf\u00e9";
const NFD = "cafe\u0301";

describe("glob and Unicode normal forms", () => {
  it("an NFC pattern finds an NFD name, and an NFD pattern an NFC name, shown as they are on disk", async () => {
    const root = makeTree({ [`mac/${NFD}.txt`]: "", [`linux/${NFC}.md`]: "" });
    const glob = createGlobTool({ jail: createJail(root, { home: tempDir() }) });
    expect((await run(glob, { pattern: `**/${NFC}.txt` })).content).toBe(`mac/${NFD}.txt`);
    expect((await run(glob, { pattern: `${NFD}.md` })).content).toBe(`linux/${NFC}.md`);
    expect((await run(glob, { pattern: `mac/${NFC}*` })).content).toBe(`mac/${NFD}.txt`);
  });
});
