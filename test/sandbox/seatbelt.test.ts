// The macOS sandbox: the generated Seatbelt profile (checked everywhere), and sandbox-exec
// for real (only on macOS: the macOS CI job is where it is proven).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { seatbeltProfile, wrapInSeatbelt } from "../../src/engine/sandbox/seatbelt.js";
import { createCommandTools } from "../../src/engine/tools/command/command-tools.js";

if (process.platform !== "darwin") console.warn("seatbelt.test.ts: the sandbox-exec run is skipped: sandbox-exec exists only on macOS");

describe("Seatbelt profile", () => {
  it("denies writes except the workspace and temp, keeps .git read-only, hides credential stores", () => {
    const profile = seatbeltProfile({ root: "/w/p", tmpDir: "/t/x", hidden: ["/h/.ssh", '/h/we"ird'] });
    expect(profile.split("\n")).toEqual([
      "(version 1)",
      "(allow default)",
      "(deny file-write*)",
      '(allow file-write* (subpath "/w/p") (subpath "/t/x") (literal "/dev/null") (literal "/dev/tty") (regex #"^/dev/fd/"))',
      '(deny file-write* (subpath "/w/p/.git"))',
      // Every .git at any depth, new ones too, in either case (ADR 0037).
      '(deny file-write* (regex #"^/[wW]/[pP]/[.][gG][iI][tT]$") (regex #"^/[wW]/[pP]/[.][gG][iI][tT]/") (regex #"^/[wW]/[pP]/.*/[.][gG][iI][tT]$") (regex #"^/[wW]/[pP]/.*/[.][gG][iI][tT]/"))',
      '(deny file-read* file-write* (subpath "/h/.ssh"))',
      '(deny file-read* file-write* (subpath "/h/we\\"ird"))',
    ]);
    expect(seatbeltProfile({ root: "/w", tmpDir: "/t", hidden: [], allowNetwork: false })).toContain("(deny network*)");
    // A command that runs without a question: critical paths denied by pattern (new ones too), protected paths by subpath.
    const guarded = seatbeltProfile({ root: "/w", tmpDir: "/t", hidden: ["/h/.ssh"], readOnly: ["/w/hooks/a.sh"], denyRegexes: ["^/w/[aA]$", "^/w/.*/[aA]$"] }).split("\n");
    expect(guarded.slice(4, 8)).toEqual([
      '(deny file-write* (subpath "/w/.git"))',
      '(deny file-write* (regex #"^/[wW]/[.][gG][iI][tT]$") (regex #"^/[wW]/[.][gG][iI][tT]/") (regex #"^/[wW]/.*/[.][gG][iI][tT]$") (regex #"^/[wW]/.*/[.][gG][iI][tT]/"))',
      '(deny file-write* (subpath "/w/hooks/a.sh"))',
      '(deny file-write* (regex #"^/w/[aA]$") (regex #"^/w/.*/[aA]$"))',
    ]);
    expect(wrapInSeatbelt(["bash", "-lc", "ls"], { root: "/w", tmpDir: "/t", hidden: [] }).slice(0, 2)).toEqual(["/usr/bin/sandbox-exec", "-p"]);
  });

  it("shows only the shown toolchains of a home, and lets the network reach the proxy's port alone", () => {
    const lines = seatbeltProfile({ root: "/h/u/p", tmpDir: "/t", hidden: [], homes: ["/h/u"], shown: ["/h/u/.nvm"], allowNetwork: false, proxyPort: 4321 }).split("\n");
    expect(lines).toContain('(deny file-read-data (subpath "/h/u"))');
    expect(lines).toContain('(allow file-read-data (subpath "/h/u/.nvm") (subpath "/h/u/p") (subpath "/t"))');
    expect(lines.indexOf('(deny file-read-data (subpath "/h/u"))')).toBeLessThan(lines.findIndex((line) => line.startsWith("(allow file-read-data")));
    expect(lines.slice(-2)).toEqual(["(deny network*)", '(allow network-outbound (remote ip "localhost:4321"))']);
    // Fully on: no network rule at all.
    expect(seatbeltProfile({ root: "/w", tmpDir: "/t", hidden: [], allowNetwork: true })).not.toContain("network");
  });

  it.skipIf(process.platform !== "darwin")("under sandbox-exec: an outside write fails, a workspace write succeeds, ~/.ssh/id_rsa is unreadable", async () => {
    const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "seatbelt-")));
    const root = path.join(base, "ws");
    mkdirSync(root);
    const ssh = path.join(os.homedir(), ".ssh");
    mkdirSync(ssh, { recursive: true });
    writeFileSync(path.join(ssh, "id_rsa"), "PRIVATE\n");
    const tools = createCommandTools({ root, tasksDir: path.join(base, "tasks"), sandbox: "required" });
    try {
      await tools.sandbox.ready();
      expect(tools.sandbox.active).toBe(true);
      const run = tools.tools.find((tool) => tool.name === "run_command")!;
      const result = await run.execute({ command: `echo in > inside.txt; echo out > ${base}/outside.txt; cat ~/.ssh/id_rsa; echo end` }, { signal: new AbortController().signal });
      expect(readFileSync(path.join(root, "inside.txt"), "utf8")).toBe("in\n");
      expect(existsSync(path.join(base, "outside.txt"))).toBe(false);
      expect(result.content).not.toContain("PRIVATE");
    } finally {
      await tools.closeAll();
      rmSync(base, { recursive: true, force: true });
    }
  });
});
