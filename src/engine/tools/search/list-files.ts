// list_files: one directory's entries, directories first, with what the walker would skip
// summarised on one line instead of listed (node_modules can hold thousands of names).
import { readlink, stat } from "node:fs/promises";
import path from "node:path";
import type { Jail } from "../jail/jail.js";
import { fileType } from "../../bounded-read.js";
import { defineTool, ToolError } from "../tool.js";
import { builtinInput } from "../tool-input.js";
import { shownName } from "./shown-name.js";
import { listDirectory } from "./walker.js";
import { agentIgnoredAnswer, agentIgnores } from "./ignore-rules.js";

const MAX_ENTRIES = 1000;

export function createListFilesTool({ jail }: { jail: Jail }) {
  return defineTool({
    name: "list_files",
    description:
      "List one directory (glob searches deeper): directories first, ending in '/', then files. Ignored " +
      "entries (.gitignore, .agentignore, .git, node_modules) are only counted unless include_ignored.",
    kind: "read",
    input: builtinInput("list_files"),
    subject: (input) => ({ paths: [input.path ?? "."] }),
    async execute({ path: userPath = ".", include_ignored }) {
      const dir = jail.resolveRead(userPath);
      const shown = jail.display(dir);
      const info = await stat(dir).catch(() => undefined);
      if (!info) throw new ToolError(`${shown} does not exist`);
      if (!info.isDirectory()) {
        throw new ToolError(info.isFile() ? `${shown} is a file, not a directory; use read_file` : `${shown} is ${fileType(info)}, not a directory`);
      }

      // Judged from the workspace root: naming the folder does not lift .agentignore.
      if (!include_ignored && (await agentIgnores(jail.root, dir, true))) return { content: agentIgnoredAnswer(shownName(shown)) };
      const entries = await listDirectory({ jail, start: dir, includeIgnored: include_ignored });
      const denied = (name: string) => jail.deniedReason(path.join(dir, name)) !== undefined;
      const visible = entries.filter((e) => !e.skipped || (include_ignored && !denied(e.name)));
      const hidden = entries.filter((e) => !visible.includes(e));
      const ordered = [...visible.filter((e) => e.isDirectory), ...visible.filter((e) => !e.isDirectory)];
      const lines: string[] = [];
      for (const entry of ordered.slice(0, MAX_ENTRIES)) {
        if (entry.isSymlink) {
          const target = await readlink(path.join(dir, entry.name)).catch(() => "?");
          lines.push(`${shownName(entry.name)}@ -> ${shownName(target)}`);
        } else lines.push(entry.isDirectory ? `${shownName(entry.name)}/` : shownName(entry.name));
      }
      if (ordered.length > MAX_ENTRIES) lines.push(`[${ordered.length - MAX_ENTRIES} more entries not shown]`);
      if (lines.length === 0) lines.push("(empty directory)");
      if (hidden.length > 0) {
        const names = hidden.slice(0, 10).map((e) => (e.isDirectory ? `${shownName(e.name)}/` : shownName(e.name)));
        lines.push(`[${hidden.length} ignored or protected entries not shown: ${names.join(", ")}${hidden.length > 10 ? ", …" : ""}]`);
      }
      return { content: `${shownName(shown)}/\n${lines.join("\n")}` };
    },
  });
}
