// How many names a file has. A file with several hard links is one inode under several
// names, possibly outside the workspace (`ln ~/.bashrc x`), so a write to it always asks.
import { lstatSync } from "node:fs";

export function hardLinkCount(absolute: string): number {
  try {
    const stats = lstatSync(absolute);
    return stats.isFile() ? stats.nlink : 0;
  } catch {
    return 0;
  }
}
