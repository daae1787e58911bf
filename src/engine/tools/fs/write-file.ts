// write_file: creates or replaces a whole file (parents created) and returns the diff.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "./atomic-write.js";
import { diffStat, unifiedDiff } from "./diff-preview.js";
import { loneSurrogateIn } from "./byte-text.js";
import { changedSincePreview, notUtf8Note, readTextForEdit, stateOf, writeTarget } from "./file-text.js";
import type { Jail } from "../jail/jail.js";
import { defineTool, ToolError } from "../tool.js";
import { builtinInput } from "../tool-input.js";
import type { ToolInputOf } from "../tool-inputs.js";

export function createWriteFileTool({ jail }: { jail: Jail }) {
  /** Everything a write would do, computed without writing: shared by preview and execute. */
  async function plan(input: ToolInputOf<"write_file">) {
    const absolute = writeTarget(jail, input.path);
    const shown = jail.display(absolute);
    if (input.content.includes("\0")) throw new ToolError("content contains a NUL byte; write_file writes text only");
    if (loneSurrogateIn(input.content)) throw new ToolError("content holds a lone UTF-16 surrogate, which is not text; nothing was written");
    const file = await readTextForEdit(absolute, shown);
    // Lossless text (byte-text.ts): a file with bytes that are not UTF-8 never equals the content.
    const before = file?.text;
    return { absolute, shown, file, before, diff: unifiedDiff(shown, before, input.content) + notUtf8Note(shown, file) };
  }

  /** The file already holds exactly this text: nothing to write, nothing to ask about. */
  const sameText = (shown: string) => `No changes: ${shown} already has exactly this content, so nothing was written.`;

  return defineTool({
    name: "write_file",
    description:
      "Create or overwrite a file, making parent directories; returns a diff. To change part of a file, use edit_file.",
    kind: "write",
    input: builtinInput("write_file"),
    subject: (input) => ({ paths: [input.path] }),
    async preview(input) {
      const { diff, file } = await plan(input);
      return { text: diff, basis: stateOf(file) };
    },
    async unchanged(input) {
      const { shown, before } = await plan(input);
      return before === input.content ? sameText(shown) : undefined;
    },
    async execute(input, context) {
      const { absolute, shown, file, before, diff } = await plan(input);
      changedSincePreview(shown, file, context);
      // Allowed without a question (a rule, "always", --yes): still no write, so no new mtime.
      if (before === input.content) return { content: sameText(shown) };
      try {
        await mkdir(path.dirname(absolute), { recursive: true });
        await writeFileAtomic(absolute, input.content, () => jail.resolveWrite(input.path));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOTDIR" || code === "EEXIST") throw new ToolError(`cannot write ${shown}: a parent path is a file`);
        if (code === "EACCES" || code === "EPERM" || code === "EROFS") throw new ToolError(`cannot write ${shown}: ${code}`);
        throw error;
      }
      const verb = before === undefined ? "Created" : "Wrote";
      const { added, removed } = diffStat(diff);
      return {
        content: `${verb} ${shown} (${Buffer.byteLength(input.content)} bytes)\n\n${diff}`,
        details: { path: shown, diff, linesAdded: added, linesRemoved: removed },
      };
    },
  });
}
