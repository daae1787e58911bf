// Programs that run the rest of their words as a command (`nice -n 5 rm …`, `fakeroot rm …`,
// `bwrap --ro-bind / / rm …`), with the options each takes from its manual, and the reading
// of those options: the unwrapper (command-unwrap.ts) judges the command that follows as if
// it stood alone, so `fakeroot rm -rf /` is refused like `rm -rf /`. A misread here shifts
// where the command starts; the unwrapper also tries every word inside the options as the
// command (those guesses can only refuse), so reading a word too many as a value is the
// safe direction, and a long option is taken to want a value whenever one that does starts
// with what was written (GNU getopt_long takes `env --chd /` as `--chdir /`).
import type { ShellWord } from "./shell-words.js";

export interface WrapperSpec {
  /** Options that take the next word as their value. */
  valueFlags: string[];
  /** Options that take more than one word (bwrap's `--bind SRC DEST`). */
  valueCounts?: Record<string, number>;
  /** Positional words between the options and the command (timeout's duration). */
  skip?: number;
  /** Positional words before the options (setarch's architecture). */
  lead?: number;
  /** Options whose value is a shell script (flock -c, script -c, npx -c, sg -c). */
  scriptFlags?: string[];
  /** Options whose value is a program or library the wrapper runs or loads (faketime --date-prog, fakeroot -l). */
  programFlags?: string[];
}

/** bwrap's options that take two words (and one that takes three); the rest of its valued ones take one. */
const BWRAP_TWO = [
  "--bind", "--bind-try", "--dev-bind", "--dev-bind-try", "--ro-bind", "--ro-bind-try", "--symlink", "--setenv", "--file",
  "--bind-data", "--ro-bind-data", "--chmod", "--bind-fd", "--ro-bind-fd",
];
const BWRAP_ONE = [
  "--args", "--argv0", "--userns", "--userns2", "--pidns", "--uid", "--gid", "--hostname", "--chdir", "--unsetenv", "--lock-file",
  "--sync-fd", "--remount-ro", "--exec-label", "--file-label", "--proc", "--dev", "--tmpfs", "--mqueue", "--dir", "--perms", "--size",
  "--seccomp", "--add-seccomp-fd", "--block-fd", "--userns-block-fd", "--info-fd", "--json-status-fd", "--cap-add", "--cap-drop",
  "--tmp-overlay", "--ro-overlay", "--overlay-src",
];

export const WRAPPERS: Record<string, WrapperSpec> = {
  command: { valueFlags: [] },
  builtin: { valueFlags: [] },
  exec: { valueFlags: ["-a"] },
  nice: { valueFlags: ["-n", "--adjustment"] },
  nohup: { valueFlags: [] },
  time: { valueFlags: ["-f", "--format", "-o", "--output"] },
  timeout: { valueFlags: ["-s", "--signal", "-k", "--kill-after"], skip: 1 },
  stdbuf: { valueFlags: ["-i", "-o", "-e", "--input", "--output", "--error"] },
  ionice: { valueFlags: ["-c", "-n", "-p", "-P", "-u", "--class", "--classdata", "--pid", "--pgid", "--uid"] },
  setsid: { valueFlags: [] },
  busybox: { valueFlags: [] },
  env: { valueFlags: ["-u", "--unset", "-C", "--chdir", "-S", "--split-string"] },
  // chronic only hides output; watch without -x runs its words through `sh -c` (command-unwrap.ts).
  chronic: { valueFlags: [] },
  watch: { valueFlags: ["-n", "--interval", "-q", "--equexit"] },
  xargs: {
    valueFlags: ["-a", "--arg-file", "-d", "--delimiter", "-E", "-I", "-L", "-n", "--max-args", "-P", "--max-procs", "-s", "--max-chars", "--process-slot-var"],
  },
  // Process-attribute wrappers: locks, CPU affinity, personality, limits, scheduling,
  // privileges, namespaces, terminals. Each runs the rest of its words as a command.
  flock: { valueFlags: ["-w", "--wait", "--timeout", "-E", "--conflict-exit-code"], skip: 1, scriptFlags: ["-c", "--command"] },
  taskset: { valueFlags: [], skip: 1 },
  setarch: { valueFlags: ["--uname-2.6"], lead: 1 },
  linux32: { valueFlags: [] }, linux64: { valueFlags: [] }, uname26: { valueFlags: [] },
  prlimit: { valueFlags: ["-p", "--pid", "-o", "--output"] },
  chrt: { valueFlags: ["-T", "--sched-runtime", "-P", "--sched-period", "-D", "--sched-deadline"], skip: 1 },
  setpriv: {
    valueFlags: ["--reuid", "--regid", "--ruid", "--euid", "--rgid", "--egid", "--groups", "--inh-caps", "--ambient-caps", "--bounding-set", "--securebits", "--selinux-label", "--apparmor-profile", "--pdeathsig", "--landlock-access", "--landlock-rule"],
  },
  unshare: { valueFlags: ["-S", "--setuid", "-G", "--setgid", "-R", "--root", "-w", "--wd", "--propagation", "--setgroups", "--map-user", "--map-group", "--map-users", "--map-groups"] },
  nsenter: { valueFlags: ["-t", "--target", "-S", "--setuid", "-G", "--setgid", "-w", "--wd", "-r", "--root"] },
  chroot: { valueFlags: ["--userspec", "--groups"], skip: 1 },
  numactl: { valueFlags: ["-i", "--interleave", "-N", "--cpunodebind", "-C", "--physcpubind", "-m", "--membind", "-p", "--preferred"] },
  // libfaketime's faketime.c: -m and -f are switches, -p takes a PID, --date-prog a program it runs.
  faketime: { valueFlags: ["-p", "--date-prog"], programFlags: ["--date-prog"], skip: 1 },
  script: {
    valueFlags: ["-E", "--echo", "-I", "--log-in", "-O", "--log-out", "-B", "--log-io", "-T", "--log-timing", "-m", "--logging-format", "-o", "--output-limit"],
    scriptFlags: ["-c", "--command"],
    // BSD script: `script [-q] file command …`.
    skip: 1,
  },
  // `sg group 'cmd'` hands the string to /bin/sh -c like `sg group -c 'cmd'` (command-unwrap.ts).
  sg: { valueFlags: [], skip: 1, scriptFlags: ["-c"] },
  firejail: { valueFlags: [] }, "systemd-run": { valueFlags: ["-p", "--property", "-u", "--unit", "-E", "--setenv", "--uid", "--gid", "--nice", "-d", "--working-directory", "--description", "--slice", "-M", "--machine", "-H", "--host"] },
  strace: { valueFlags: ["-o", "-e", "-p", "-s", "-a", "-b", "-E", "-I", "-O", "-S", "-u", "-X", "-P"] },
  ltrace: { valueFlags: ["-o", "-e", "-p", "-s", "-a", "-A", "-D", "-E", "-l", "-L", "-n", "-u", "-w", "-x"] },
  valgrind: { valueFlags: [] }, catchsegv: { valueFlags: [] }, "dbus-run-session": { valueFlags: [] },
  torsocks: { valueFlags: ["-u", "--user", "-p", "--pass", "-a", "--address", "-P", "--port"] },
  proxychains: { valueFlags: ["-f"] }, proxychains4: { valueFlags: ["-f"] },
  caffeinate: { valueFlags: ["-t", "-w"] }, "sandbox-exec": { valueFlags: ["-f", "-p", "-n", "-D"] },
  "xvfb-run": { valueFlags: ["-n", "--server-num", "-s", "--server-args", "-e", "--error-file", "-f", "--auth-file", "-p", "--xauth-protocol", "-w", "--wait"] },
  // Faked root, emulated roots and containers run the command all the same (their manuals):
  // fakeroot's -l/--lib is a library it preloads and --faked the daemon it starts.
  fakeroot: { valueFlags: ["-l", "--lib", "--faked", "-i", "-s", "-b", "--fd-base"], programFlags: ["-l", "--lib", "--faked"] },
  "fakeroot-ng": { valueFlags: ["-p", "-l"] },
  proot: {
    valueFlags: ["-r", "--rootfs", "-b", "--bind", "-m", "--mount", "-q", "--qemu", "-w", "--pwd", "--cwd", "-k", "--kernel-release", "-i", "--change-id", "-v", "--verbose", "-R", "-S", "-p", "--port"],
    programFlags: ["-q", "--qemu"],
  },
  bwrap: { valueFlags: [...BWRAP_ONE, ...BWRAP_TWO, "--overlay"], valueCounts: { ...Object.fromEntries(BWRAP_TWO.map((flag) => [flag, 2])), "--overlay": 3 } },
  cgexec: { valueFlags: ["-g"] },
  eatmydata: { valueFlags: [] }, nocache: { valueFlags: ["-n"] }, unbuffer: { valueFlags: [] },
  trickle: { valueFlags: ["-d", "-u", "-w", "-t", "-l", "-n"] },
  "systemd-inhibit": { valueFlags: ["--what", "--who", "--why", "--mode"] },
  // Compiler caches run a command they do not recognise as a compiler as it is.
  ccache: { valueFlags: [] }, sccache: { valueFlags: [] }, distcc: { valueFlags: [] },
  // The remote command is judged as if it ran here: `ssh host 'rm -rf ~'` deletes a home too.
  ssh: {
    valueFlags: ["-p", "-i", "-l", "-o", "-F", "-J", "-L", "-R", "-D", "-b", "-c", "-E", "-e", "-I", "-m", "-O", "-Q", "-S", "-W", "-w", "-B"],
    skip: 1,
  },
  // Package runners fall back to any program on PATH: `npx rm -rf ~` is rm.
  npx: { valueFlags: ["-p", "--package"], scriptFlags: ["-c", "--call"] }, bunx: { valueFlags: ["-p", "--package"] },
  pnpx: { valueFlags: [] }, entr: { valueFlags: [] },
  parallel: { valueFlags: ["-j", "--jobs", "-S", "--sshlogin", "-a", "--arg-file", "-d", "--delimiter", "-I", "-n", "--max-args", "--joblog", "--results"] },
};

/** Wrappers that add words of their own at run time, like xargs. */
export const ADDS_ARGUMENTS = new Set(["xargs", "parallel", "entr"]);

/** How many words after it a (possibly abbreviated) long option takes, and its full name. */
function longFlag(spec: WrapperSpec, written: string): { flag: string; count: number } {
  const count = (flag: string) => spec.valueCounts?.[flag] ?? (spec.valueFlags.includes(flag) ? 1 : 0);
  if (spec.valueFlags.includes(written)) return { flag: written, count: count(written) };
  const wanting = written.length > 2 ? spec.valueFlags.filter((flag) => flag.startsWith("--") && flag.startsWith(written)) : [];
  if (wanting.length === 0) return { flag: written, count: 0 };
  return { flag: wanting[0]!, count: Math.max(...wanting.map(count)) };
}

/** Index of the first word after the wrapper's options (and its skipped positionals). */
export function skipWrapperOptions(words: ShellWord[], start: number, spec: WrapperSpec, onOption?: (flag: string, value?: ShellWord) => void): number {
  let i = start;
  while (i < words.length) {
    const word = words[i]!;
    if (!word.literal || !word.value.startsWith("-") || word.value === "-") break;
    if (word.value === "--") return i + 1 + (spec.skip ?? 0);
    if (!word.value.startsWith("--") && word.value.length > 2) {
      // A short-option cluster: `-iS'rm -rf /'` is -i then -S with the rest as its value,
      // and `-n5` is -n 5. Reading the whole word as one flag would miss the -S.
      const letters = word.value.slice(1);
      const at = [...letters].findIndex((ch) => spec.valueFlags.includes(`-${ch}`));
      for (const ch of at < 0 ? letters : letters.slice(0, at)) onOption?.(`-${ch}`);
      if (at < 0) {
        i += 1;
        continue;
      }
      const attached = letters.slice(at + 1);
      onOption?.(`-${letters[at]}`, attached ? { ...word, value: attached } : words[i + 1]);
      i += attached ? 1 : 2;
      continue;
    }
    const equals = word.value.indexOf("=");
    if (equals > 0) {
      onOption?.(longFlag(spec, word.value.slice(0, equals)).flag, { ...word, value: word.value.slice(equals + 1) });
      i += 1;
      continue;
    }
    const { flag, count } = word.value.startsWith("--") ? longFlag(spec, word.value) : { flag: word.value, count: spec.valueFlags.includes(word.value) ? 1 : 0 };
    onOption?.(flag, count > 0 ? words[i + 1] : undefined);
    i += 1 + count;
  }
  return i + (spec.skip ?? 0);
}
