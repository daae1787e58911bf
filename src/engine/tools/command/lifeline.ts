// A command's process group dies with mini-agent, however mini-agent ends. Ctrl-C, SIGTERM and
// SIGHUP kill each group we started (bootstrap.ts), but nothing runs after a kill -9, an
// out-of-memory kill or a crash of Node, and Node has no parent-death signal: a dev server or
// a test watcher started by the model lived on, holding its port. bubblewrap's
// --die-with-parent covered sandboxed commands only, and its leader only.
//
// So every command starts under a small POSIX sh: it leaves a watcher in the group, blocked
// reading a pipe whose other end only mini-agent holds, then execs the command (same pid, same
// group). When the command ends, mini-agent writes a line and the watcher leaves quietly;
// if mini-agent dies first, the kernel closes its end, the read sees end-of-file, and the
// watcher kills the whole group. Programs that leave the group (setsid, daemons) are out of
// reach, as they are for Ctrl-C.

/** The line that tells the watcher the command ended normally. */
export const ENDED = "ended\n";

const WATCHER = [
  'fd=$1; shift',
  // The watcher's own output goes nowhere, so it never holds the command's pipes open.
  '(eval "read -r _ <&$fd" || kill -9 0) </dev/null >/dev/null 2>&1 &',
  'eval "exec $fd<&-"',
  'exec "$@"',
].join("\n");

/** The argv that runs `argv` with a watcher reading the pipe at descriptor `fd`. */
export function withLifeline(argv: readonly string[], fd: number): string[] {
  return ["/bin/sh", "-c", WATCHER, "sh", String(fd), ...argv];
}
