import { defineConfig } from "vitest/config";
import { makeTempRoot, tempRootEnv } from "./test/helpers/temp-root.js";

// The run's own temporary root: TMPDIR points into it for workers and everything they spawn,
// and the temp-root global setup removes it at the end, whatever single tests leave behind.
// Every test also runs with a fresh, empty HOME inside it: no developer credentials
// (~/.kimi-code) can leak in, and `bash -lc` in command tests never runs the machine user's
// dotfiles (a shell killed mid-way through someone's `pyenv init` leaves a lock that stalls
// every later shell).
const { root, home } = makeTempRoot();

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // temp-root first: global teardowns run in reverse, so the root goes last.
    globalSetup: ["test/helpers/temp-root.ts", "test/helpers/build-once.ts", "test/helpers/missing-tools.ts"],
    env: { HOME: home, USERPROFILE: home, ...tempRootEnv(root) },
    reporters: ["default", "./test/helpers/summary-reporter.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Child-process tests spawn real node processes; two workers match the 2-core machines.
    maxWorkers: 2,
  },
});
