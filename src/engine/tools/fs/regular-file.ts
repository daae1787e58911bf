// Opening a file the model named without trusting what is there. A FIFO in the workspace
// (`mkfifo x`, by a command or a cloned repository) would block a plain open until something
// writes to it, and a character device (`/dev/zero` under another name) never ends: every
// tool that reads file contents opens with O_NONBLOCK, which returns at once for a FIFO and
// changes nothing for a regular file, and checks the type on the opened descriptor, since
// what was checked by name may have been swapped since.
import { closeSync, constants, fstatSync, openSync, readFileSync, type Stats } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { fileType } from "../../bounded-read.js";
import { ToolError } from "../tool.js";

/** O_NONBLOCK does not exist on Windows, which has no FIFOs at such paths. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** `<shown> is a FIFO, not a regular file`: the error for anything that is not one. */
export function notRegularError(shown: string, stats: Stats): ToolError {
  return new ToolError(`${shown} is ${fileType(stats)}, not a regular file`);
}

/** Opens a regular file for reading without blocking; throws a ToolError naming what it is otherwise. */
export async function openRegular(absolute: string, shown: string): Promise<{ handle: FileHandle; stats: Stats }> {
  const handle = await open(absolute, OPEN_FLAGS);
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw notRegularError(shown, stats);
    return { handle, stats };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Runs `use` on a descriptor of `absolute` if it is a regular file; undefined if it is something else. */
export function withRegularFileSync<T>(absolute: string, use: (fd: number, stats: Stats) => T): T | undefined {
  const fd = openSync(absolute, OPEN_FLAGS);
  try {
    const stats = fstatSync(fd);
    return stats.isFile() ? use(fd, stats) : undefined;
  } finally {
    closeSync(fd);
  }
}

/** The whole of a regular file, or undefined when the path is a FIFO, a device or a directory. */
export function readRegularFileSync(absolute: string): Buffer | undefined {
  return withRegularFileSync(absolute, (fd) => readFileSync(fd));
}
