// What a path is and where it really leads, for the sandbox's host-side checks (the store
// scan, the home's toolchain binds, the view, bubblewrap's own folders, the .git guard's
// pointers, the walk before a command).
import { lstatSync, realpathSync, type BigIntStats } from "node:fs";

/** The path's own stats (a symlink not followed), with times in nanoseconds; undefined when it cannot be read. */
export function lstatIfAny(absolute: string): BigIntStats | undefined {
  try {
    return lstatSync(absolute, { bigint: true });
  } catch {
    return undefined;
  }
}

/** Where `absolute` really is, every symlink resolved; undefined when it does not exist or cannot be read. */
export function realPathIfAny(absolute: string): string | undefined {
  try {
    // Most paths asked about (~100 store names, ~35 toolchain folders per home) exist nowhere:
    // lstat first spares the error, and its stack, that realpath builds for each missing one.
    if (!lstatSync(absolute, { throwIfNoEntry: false })) return undefined;
    return realpathSync(absolute);
  } catch {
    return undefined;
  }
}
