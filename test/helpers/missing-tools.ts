// Global setup: says at the start of the run which optional system tools are missing, so
// the tests that need them are seen to skip for a reason (repeated under the summary).
import { missingToolNotes, systemTools } from "./system-tools.js";

export default function announceMissingTools(): void {
  const notes = missingToolNotes(systemTools());
  if (notes.length > 0) process.stdout.write(`\n${notes.join("\n")}\n\n`);
}
