// The optional system tools some tests need, probed once, with what to tell someone who lacks
// them. Tests skip on `!SYSTEM_TOOLS.x.available`; the run's output says why (see the
// missing-tools setup and the summary reporter), so a skip is never silent.
import { probeBubblewrap } from "../../src/engine/sandbox/bubblewrap.js";
import { findRipgrep } from "../../src/engine/tools/search/grep-rg.js";

export interface ToolProbe {
  available: boolean;
  /** Why it is unusable and how to install it; empty when available. */
  why: string;
}

export function ripgrepProbe(found: string | undefined): ToolProbe {
  return found
    ? { available: true, why: "" }
    : { available: false, why: "ripgrep (rg) is not on PATH: install it with `apt-get install ripgrep` (macOS: `brew install ripgrep`)" };
}

export function bubblewrapProbe(probe: { works: boolean; reason?: string }): ToolProbe {
  if (probe.works) return { available: true, why: "" };
  const hint = process.platform === "linux" ? "; install it with `apt-get install bubblewrap`" : "";
  return { available: false, why: `bubblewrap (bwrap) cannot run here: ${probe.reason ?? "unknown reason"}${hint}` };
}

/** The lines to print for whatever is missing: nothing when every tool is there. */
export function missingToolNotes(probes: Record<string, ToolProbe>, skipped?: number): string[] {
  const missing = Object.values(probes).filter((probe) => !probe.available);
  if (missing.length === 0) return [];
  const lead = skipped === undefined ? "missing system tools (the tests that need them will skip)" : `${skipped} skipped; missing system tools`;
  return [`${lead}:`, ...missing.map((probe) => `  - ${probe.why}`)];
}

let probed: { ripgrep: ToolProbe; bubblewrap: ToolProbe } | undefined;

export function systemTools(): { ripgrep: ToolProbe; bubblewrap: ToolProbe } {
  probed ??= { ripgrep: ripgrepProbe(findRipgrep()), bubblewrap: bubblewrapProbe(probeBubblewrap()) };
  return probed;
}
