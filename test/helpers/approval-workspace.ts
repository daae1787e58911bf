// A real workspace for the command classifier: the allowlist expands globs and resolves
// paths against the disk, so a verdict test needs files, not a made-up root.
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** A temp workspace with its own `.git` (HEAD only: enough to be "its own repository") and a few files. */
export function approvalWorkspace(files: Record<string, string> = {}): string {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "mini-agent-ws-")));
  const defaults: Record<string, string> = {
    ".git/HEAD": "ref: refs/heads/main\n",
    "package.json": "{}\n",
    "README.md": "# x\n",
    "log.txt": "log\n",
    "notes.txt": "notes\n",
    "a.txt": "a\n",
    "b.txt": "b\n",
    "src/a.ts": "export {};\n",
    "src/b.ts": "export {};\n",
  };
  for (const [name, content] of Object.entries({ ...defaults, ...files })) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  return root;
}
