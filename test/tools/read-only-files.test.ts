// A file nobody may write (mode 0444) is refused by write_file and edit_file: the atomic
// rename would otherwise replace it, since renaming needs only the folder's permission.
import { chmodSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createEditFileTool } from "../../src/engine/tools/fs/edit-file.js";
import { createWriteFileTool } from "../../src/engine/tools/fs/write-file.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { makeTree, run, runError, tempDir } from "./tree.js";

function setup() {
  const root = makeTree({ "locked.txt": "keep\n", "open.txt": "old\n" });
  chmodSync(path.join(root, "locked.txt"), 0o444);
  const jail = createJail(root, { home: tempDir() });
  return { root, write: createWriteFileTool({ jail }), edit: createEditFileTool({ jail }) };
}

describe("read-only files", () => {
  it("write_file refuses a file of mode 0444 and leaves its bytes and mode as they were", async () => {
    const { root, write } = setup();
    const error = await runError(write, { path: "locked.txt", content: "changed\n" });
    expect(error).toBe("locked.txt is read-only (mode 0444), so nothing was written. If the change is wanted, make it writable first (chmod u+w) or ask the user.");
    expect(readFileSync(path.join(root, "locked.txt"), "utf8")).toBe("keep\n");
    expect(statSync(path.join(root, "locked.txt")).mode & 0o777).toBe(0o444);
  });

  it("edit_file refuses it too", async () => {
    const { root, edit } = setup();
    const error = await runError(edit, { path: "locked.txt", old_string: "keep", new_string: "gone" });
    expect(error).toContain("locked.txt is read-only (mode 0444)");
    expect(readFileSync(path.join(root, "locked.txt"), "utf8")).toBe("keep\n");
  });

  it("a writable file is still written", async () => {
    const { root, write } = setup();
    await run(write, { path: "open.txt", content: "new\n" });
    expect(readFileSync(path.join(root, "open.txt"), "utf8")).toBe("new\n");
  });
});
