import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Every test runs with a fresh, empty HOME: no developer credentials (~/.kimi-code) can leak
// in, and `bash -lc` in command tests never runs the machine user's dotfiles (a shell killed
// mid-way through someone's `pyenv init` leaves a lock that stalls every later shell).
const testHome = mkdtempSync(path.join(os.tmpdir(), "mini-agent-test-home-"));

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/helpers/build-once.ts", "test/helpers/missing-tools.ts"],
    env: { HOME: testHome, USERPROFILE: testHome },
    reporters: ["default", "./test/helpers/summary-reporter.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Child-process tests spawn real node processes; two workers match the 2-core machines.
    maxWorkers: 2,
  },
});
