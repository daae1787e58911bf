// The seccomp program bubblewrap loads for every sandboxed command (`--seccomp FD`): creating a
// unix-domain socket fails with EPERM, and so does io_uring (whose IORING_OP_SOCKET would
// create one without the socket system call), and so do the kernel keyring calls (add_key,
// request_key, keyctl): bwrap gives a command no keyring of its own, so it reached the keyrings
// it inherits (as root, the user keyring too), read the keys host processes keep there (a
// Kerberos `KEYRING:` ticket cache) and added its own; request_key even starts a host helper.
// A path or an abstract name is no use without a socket to connect with, so no host socket is
// reachable however it is named: the ssh agent,
// docker, D-Bus, X11, a socket in /tmp or one created after the sandbox started. Connected
// pairs (socketpair) stay: pipes between a command's own processes (Node's child IPC, vitest
// and jest workers) are made that way and reach nothing outside. Anthropic's sandbox-runtime
// blocks the same calls the same way (ADR 0037).
// The program is classic BPF, assembled here (no compiler on the user's machine): eight bytes
// per instruction, in the machine's byte order. Only x86-64 and arm64 (and their 32-bit
// compat modes) are known; elsewhere there is no program and the hidden paths must do.

const LD_ABS_W = 0x20; // BPF_LD | BPF_W | BPF_ABS
const JEQ_K = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
const RET_K = 0x06; // BPF_RET | BPF_K
const RET_ALLOW = 0x7fff0000;
const RET_EPERM = 0x00050000 | 1; // SECCOMP_RET_ERRNO | EPERM

/** Offsets into struct seccomp_data: nr, arch, then args[0] (its low half, little-endian). */
const NR = 0;
const ARCH = 4;
const ARG0_LOW = 16;
const AF_UNIX = 1;
const SYS_SOCKET = 1; // socketcall's first argument for socket()
const X32_BIT = 0x40000000;

interface ArchTable {
  arch: number;
  socket: number;
  /** Refused whatever their arguments: io_uring_setup, then add_key, request_key and keyctl. */
  denied: readonly number[];
  /** The 32-bit mode the same kernel runs. */
  compat: { arch: number; socket: number; socketcall?: number; denied: readonly number[] };
  x32?: boolean;
}

const TABLES: Record<string, ArchTable> = {
  x64: { arch: 0xc000003e, socket: 41, denied: [425, 248, 249, 250], x32: true, compat: { arch: 0x40000003, socket: 359, socketcall: 102, denied: [425, 286, 287, 288] } },
  arm64: { arch: 0xc00000b7, socket: 198, denied: [425, 217, 218, 219], compat: { arch: 0x40000028, socket: 281, denied: [425, 309, 310, 311] } },
};

type Instruction = { op: "ld"; offset: number } | { op: "jeq"; value: number; to: string } | { op: "ret"; value: number } | { label: string };

/** Assembles the program: `jeq` jumps to a label when equal and falls through otherwise. */
function assemble(program: Instruction[]): Buffer {
  const code = program.filter((item) => !("label" in item)) as Exclude<Instruction, { label: string }>[];
  const labels = new Map<string, number>();
  let index = 0;
  for (const item of program) {
    if ("label" in item) labels.set(item.label, index);
    else index += 1;
  }
  const out = Buffer.alloc(code.length * 8);
  const little = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  code.forEach((item, at) => {
    let op = RET_K;
    let jt = 0;
    let k = 0;
    if (item.op === "ld") [op, k] = [LD_ABS_W, item.offset];
    else if (item.op === "ret") k = item.value;
    else {
      const target = labels.get(item.to);
      if (target === undefined || target <= at || target - at - 1 > 255) throw new Error(`seccomp: bad jump to ${item.to}`);
      [op, jt, k] = [JEQ_K, target - at - 1, item.value];
    }
    if (little) {
      out.writeUInt16LE(op, at * 8);
      out.writeUInt32LE(k >>> 0, at * 8 + 4);
    } else {
      out.writeUInt16BE(op, at * 8);
      out.writeUInt32BE(k >>> 0, at * 8 + 4);
    }
    out.writeUInt8(jt, at * 8 + 2);
    out.writeUInt8(0, at * 8 + 3);
  });
  return out;
}

const denyAll = (numbers: readonly number[]): Instruction[] => numbers.map((value) => ({ op: "jeq", value, to: "deny" }));

/** The program for `arch` (process.arch), or undefined where none is known. */
export function unixSocketFilter(arch: string = process.arch): Buffer | undefined {
  const table = TABLES[arch];
  if (!table || new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) return undefined;
  const { compat } = table;
  return assemble([
    { op: "ld", offset: ARCH },
    { op: "jeq", value: table.arch, to: "native" },
    { op: "jeq", value: compat.arch, to: "compat" },
    { op: "ret", value: RET_ALLOW },
    { label: "native" },
    { op: "ld", offset: NR },
    ...denyAll(table.denied),
    { op: "jeq", value: table.socket, to: "family" },
    ...(table.x32
      ? ([
          ...denyAll(table.denied.map((nr) => (nr | X32_BIT) >>> 0)),
          { op: "jeq", value: (table.socket | X32_BIT) >>> 0, to: "family" },
        ] as Instruction[])
      : []),
    { op: "ret", value: RET_ALLOW },
    { label: "compat" },
    { op: "ld", offset: NR },
    ...denyAll(compat.denied),
    { op: "jeq", value: compat.socket, to: "family" },
    // socketcall passes its arguments by pointer, out of a filter's sight: socket() through it is refused whatever the family.
    ...(compat.socketcall !== undefined ? ([{ op: "jeq", value: compat.socketcall, to: "socketcall" }] as Instruction[]) : []),
    { op: "ret", value: RET_ALLOW },
    { label: "socketcall" },
    { op: "ld", offset: ARG0_LOW },
    { op: "jeq", value: SYS_SOCKET, to: "deny" },
    { op: "ret", value: RET_ALLOW },
    { label: "family" },
    { op: "ld", offset: ARG0_LOW },
    { op: "jeq", value: AF_UNIX, to: "deny" },
    { op: "ret", value: RET_ALLOW },
    { label: "deny" },
    { op: "ret", value: RET_EPERM },
  ]);
}
