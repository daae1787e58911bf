// glob: find files by name pattern, newest first, so what was just worked on comes first.
import { stat } from "node:fs/promises";
import { compileGlob } from "./glob-matcher.js";
import type { Jail } from "../jail/jail.js";
import { defineTool, ToolError } from "../tool.js";
import { builtinInput } from "../tool-input.js";
import { shownName } from "./shown-name.js";
import { walkFiles } from "./walker.js";
import { agentIgnoredAnswer, agentIgnores } from "./ignore-rules.js";

const DEFAULT_LIMIT = 200;

export function createGlobTool({ jail }: { jail: Jail }) {
  return defineTool({
    name: "glob",
    description:
      "Find files whose path relative to `path` matches a glob; workspace paths, newest first. Skips ignored files (.gitignore, " +
      ".agentignore, .git, node_modules) unless include_ignored.",
    kind: "read",
    input: builtinInput("glob"),
    subject: (input) => ({ paths: [input.path ?? "."] }),
    async execute({ pattern, path: userPath = ".", limit = DEFAULT_LIMIT, include_ignored }, context) {
      const start = jail.resolveRead(userPath);
      const info = await stat(start).catch(() => undefined);
      if (!info?.isDirectory()) throw new ToolError(`${jail.display(start)} is not a directory`);
      if (pattern.startsWith("/") || pattern.split("/").includes("..")) {
        throw new ToolError("pattern is matched against paths relative to `path`; it may not be absolute or contain ..");
      }
      if (!include_ignored && (await agentIgnores(jail.root, start, true))) return { content: agentIgnoredAnswer(shownName(jail.display(start))) };
      // Compared in NFC: names made on macOS (or unpacked from its archives) spell é as e and
      // U+0301 (NFD), while a model types U+00E9; either spelling finds either file.
      const matches = compileGlob(pattern.normalize("NFC"), { dot: true, basename: !pattern.includes("/") });
      const isMatch = (relative: string) => matches(relative.normalize("NFC"));
      const found: { display: string; mtime: number }[] = [];
      for await (const file of walkFiles({ jail, start, includeIgnored: include_ignored, signal: context.signal })) {
        if (!isMatch(file.relative)) continue;
        const mtime = (await stat(file.absolute).catch(() => undefined))?.mtimeMs;
        if (mtime !== undefined) found.push({ display: jail.display(file.absolute), mtime });
      }
      if (found.length === 0) return { content: `No files match ${JSON.stringify(pattern)} in ${jail.display(start)}.` };
      found.sort((a, b) => b.mtime - a.mtime || (a.display < b.display ? -1 : a.display > b.display ? 1 : 0));
      const lines = found.slice(0, limit).map((f) => shownName(f.display));
      if (found.length > limit) lines.push(`\n[${limit} of ${found.length} files shown, newest first — narrow the pattern or raise limit]`);
      return { content: lines.join("\n") };
    },
  });
}
