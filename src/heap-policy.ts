// How the V8 heap may grow in this process (ADR 0017). A long turn keeps every tool result it
// reads, so each young-generation collection finds much of it alive, and V8 answers by doubling
// the young generation up to 16 MiB per semi-space: +30 MiB of RSS that holds nothing. Keeping
// the young generation at its starting size makes RSS follow what the process really holds;
// measured (npm run bench) with no loss of speed, since the survivors are promoted anyway.
import { setFlagsFromString } from "node:v8";

let applied = false;

export function applyHeapPolicy(): void {
  if (applied) return;
  applied = true;
  // Read by V8 each time it considers growing the young generation, so it applies at run time.
  setFlagsFromString("--semi-space-growth-factor=1");
}
