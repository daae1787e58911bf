import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/helpers/build-once.ts"],
    reporters: ["default", "./test/helpers/summary-reporter.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Child-process tests spawn real node processes; two workers match the 2-core machines.
    maxWorkers: 2,
  },
});
