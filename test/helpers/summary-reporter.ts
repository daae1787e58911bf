// Prints one plain closing line, "N passed, N failed, N skipped", that any CI can read,
// and after it which tests skipped and which missing system tool made them.
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import { missingToolNotes, systemTools } from "./system-tools.js";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const skippedNames: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") counts.passed += 1;
        else if (state === "failed") counts.failed += 1;
        else {
          counts.skipped += 1;
          skippedNames.push(`${path.relative(process.cwd(), module.moduleId)} › ${test.fullName}`);
        }
      }
    }
    const lines = [`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`];
    if (counts.skipped > 0) {
      const notes = missingToolNotes(systemTools(), counts.skipped);
      lines.push(...(notes.length > 0 ? notes : [`${counts.skipped} skipped (none for a missing tool):`]));
      lines.push(...skippedNames.map((name) => `  skipped: ${name}`));
    }
    process.stdout.write(`\n${lines.join("\n")}\n`);
  }
}
