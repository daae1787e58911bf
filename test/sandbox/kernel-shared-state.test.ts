// What the kernel keeps outside every file system, seen from inside the real bubblewrap: the
// keyrings and System V shared memory. The host (this test, through perl's system calls) puts a
// secret in each; a sandboxed command tries to read it and to leave something of its own, and
// the host then looks at what is there. As root, before the fix, both crossed.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { probeBubblewrap } from "../../src/engine/sandbox/bubblewrap.js";
import { unixSocketFilter } from "../../src/engine/sandbox/seccomp-filter.js";
import { createCommandTools, type CommandTools } from "../../src/engine/tools/command/command-tools.js";

const bwrapWorks = probeBubblewrap().works;
const hasPerl = spawnSync("perl", ["-e", "1"]).status === 0;
/** add_key and keyctl by architecture (perl's `syscall` takes the number). */
const KEY_CALLS: Record<string, { addKey: number; keyctl: number }> = { x64: { addKey: 248, keyctl: 250 }, arm64: { addKey: 217, keyctl: 219 } };
const keyCalls = KEY_CALLS[process.arch];
const keyringTestable = bwrapWorks && hasPerl && keyCalls !== undefined && unixSocketFilter() !== undefined;

let base: string;
let root: string;
let session: CommandTools;
const tag = `${process.pid}-${Date.now()}`;

async function sandboxed(script: string): Promise<string> {
  writeFileSync(path.join(root, "probe.pl"), script);
  const tool = session.tools.find((candidate) => candidate.name === "run_command")!;
  return (await tool.execute({ command: "perl probe.pl" }, { signal: new AbortController().signal, answeredBy: "user" })).content;
}

/** perl on the host, unconfined. */
const host = (script: string) => execFileSync("perl", ["-e", script], { encoding: "utf8" });

beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), "kernel-state-"));
  root = path.join(base, "ws");
  mkdirSync(root);
  session = createCommandTools({ root, tasksDir: path.join(base, "tasks"), sandbox: "workspace-write", env: { PATH: process.env.PATH, HOME: path.join(base, "home") } });
});
afterEach(async () => {
  await session.closeAll();
  rmSync(base, { recursive: true, force: true });
});

describe.skipIf(!keyringTestable)("the kernel's keyrings", () => {
  it("a command neither reads a key the host keeps in the user keyring nor adds one there", async () => {
    const { addKey, keyctl } = keyCalls!;
    const secret = `KEYRING-SECRET-${tag}`;
    const name = `mini-agent-test-${tag}`;
    const planted = `planted-${tag}`;
    // KEY_SPEC_USER_KEYRING is -4; KEYCTL_SEARCH 10, KEYCTL_READ 11, KEYCTL_INVALIDATE 21.
    host(`my ($t, $d, $v) = ("user", "${name}", "${secret}"); syscall(${addKey}, $t, $d, $v, length($v), -4) > 0 or die "add_key: $!"`);
    try {
      const out = await sandboxed(
        [
          `my ($t, $d, $p, $v) = ("user", "${name}", "${planted}", "x");`,
          `my $id = syscall(${keyctl}, 10, -4, $t, $d, 0); my $buf = "\\0" x 128;`,
          `my $n = $id > 0 ? syscall(${keyctl}, 11, $id, $buf, 128) : -1;`,
          `print "read: ", ($n > 0 ? substr($buf, 0, $n) : "nothing ($!)"), "\\n";`,
          `print "add: ", syscall(${addKey}, $t, $p, $v, 1, -4), "\\n";`,
        ].join("\n"),
      );
      expect(out).toContain("read: nothing");
      expect(out).not.toContain(secret);
      expect(readFileSync("/proc/keys", "utf8")).not.toContain(planted);
    } finally {
      for (const description of [name, planted]) host(`my ($t, $d) = ("user", "${description}"); my $id = syscall(${keyctl}, 10, -4, $t, $d, 0); syscall(${keyctl}, 21, $id) if $id > 0`);
    }
  });
});

describe.skipIf(!bwrapWorks || !hasPerl)("System V shared memory", () => {
  it("a host segment is neither readable nor writable from inside", async () => {
    const key = 0x4d410000 + (process.pid % 0xffff);
    const secret = "IPC-SECRET-HOST";
    const id = host(`use IPC::SysV qw(IPC_CREAT); my $id = shmget(${key}, 64, 0600 | IPC_CREAT) // die "shmget: $!"; shmwrite($id, "${secret}", 0, ${secret.length}) or die; print $id`).trim();
    try {
      const out = await sandboxed(
        [
          `my $id = shmget(${key}, 64, 0);`,
          `if (!defined $id) { print "no segment\\n"; exit 0 }`,
          `shmread($id, my $v, 0, ${secret.length}); print "read: $v\\n";`,
          `shmwrite($id, "SANDBOX-WROTE-1", 0, 15);`,
        ].join("\n"),
      );
      expect(out).toContain("no segment");
      expect(out).not.toContain(secret);
      expect(host(`shmread(${id}, my $v, 0, ${secret.length}) or die "shmread: $!"; print $v`)).toBe(secret);
    } finally {
      host(`use IPC::SysV qw(IPC_RMID); shmctl(${id}, IPC_RMID, 0)`);
    }
  });
});
