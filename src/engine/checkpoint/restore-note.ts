// What the model is told after an undo: its conversation still shows the edits and commands
// it made, so without this it would build on files that are no longer there.
import type { SessionState } from "../state/state.js";

export function formatRestoreForPrompt(restored: SessionState["restored"]): string {
  if (!restored) return "";
  const listed = restored.files.join(", ");
  const more = restored.more > 0 ? ` and ${restored.more} more` : "";
  return (
    `# Workspace restored\nThe user undid changes: the workspace was put back to checkpoint ${restored.checkpoint}. ` +
    `These files changed on disk since you last saw them: ${listed || "(none)"}${more}. Read a file again before you rely on it.`
  );
}
