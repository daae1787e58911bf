// A sandboxed command holds no capabilities, even when mini-agent runs as root (containers, CI):
// bwrap started by root keeps root's capabilities inside unless told otherwise, and with them a
// command could remount the read-only .git writable, unmount the hidden home or /proc, and
// reach the host's namespaces. Run under the real bubblewrap; as root, the mount attempts are
// the real thing.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { probeBubblewrap } from "../../src/engine/sandbox/bubblewrap.js";
import { createCommandTools, type CommandTools } from "../../src/engine/tools/command/command-tools.js";

const bwrapWorks = probeBubblewrap().works;
let base: string;
let root: string;
let home: string;
let session: CommandTools;

async function run(command: string): Promise<string> {
  const tool = session.tools.find((candidate) => candidate.name === "run_command")!;
  return (await tool.execute({ command }, { signal: new AbortController().signal, answeredBy: "user" })).content;
}

beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), "no-caps-"));
  root = path.join(base, "ws");
  home = path.join(base, "home");
  mkdirSync(path.join(root, ".git", "hooks"), { recursive: true });
  writeFileSync(path.join(root, ".git", "HEAD"), "ref: refs/heads/main\n");
  mkdirSync(path.join(home, ".aws"), { recursive: true });
  writeFileSync(path.join(home, ".aws", "credentials"), "aws_secret_access_key = the-real-one\n");
  session = createCommandTools({ root, tasksDir: path.join(base, "tasks"), sandbox: "workspace-write", env: { PATH: process.env.PATH, HOME: home } });
});
afterEach(async () => {
  await session.closeAll();
  rmSync(base, { recursive: true, force: true });
});

describe.skipIf(!bwrapWorks)("capabilities inside the sandbox", () => {
  it("a command has none, whoever started mini-agent", async () => {
    const out = await run("grep -E '^Cap(Eff|Prm)' /proc/self/status");
    expect(out).toMatch(/CapEff:\s+0000000000000000/);
    expect(out).toMatch(/CapPrm:\s+0000000000000000/);
  });

  it("cannot remount .git writable, nor unmount the hidden home or /proc", async () => {
    const out = await run(
      [
        `mount -o remount,rw,bind ${root}/.git && echo REMOUNTED`,
        `echo '#!/bin/sh' > ${root}/.git/hooks/post-checkout && echo HOOK_WRITTEN`,
        `umount -l ${home} && cat ${home}/.aws/credentials`,
        "umount -l /proc && echo PROC_UNMOUNTED",
      ].join("; "),
    );
    expect(out).not.toMatch(/REMOUNTED|HOOK_WRITTEN|PROC_UNMOUNTED|the-real-one/);
    expect(() => readFileSync(path.join(root, ".git", "hooks", "post-checkout"))).toThrow();
  });
});
