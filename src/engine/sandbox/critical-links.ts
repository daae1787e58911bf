// Whether a write lands on what a critical name shows through a symlink. `.github/workflows/ci.yml`
// may be a link to `docs/ci.yml`: a write to `docs/ci.yml` changes the workflow, though its own
// name is no critical one. The walk that lists critical files for the sandbox (critical-scan.ts)
// already follows every critical symlink to its target inside the workspace; a write whose
// real path is such a target, or lies in one, is critical. Asked only for a write no name
// made critical, so most writes pay nothing.
import path from "node:path";
import { listCritical, ListingTooLargeError } from "./critical-scan.js";
import { LIST_LIMITS } from "./critical-guard.js";
import { realPathIfAny } from "./real-path.js";

/** The critical entry (a link's target) covering `absolute` (symlinks resolved), or why it cannot be told; undefined when none. */
export function criticalLinkTo(root: string, absolute: string): string | undefined {
  let listing;
  try {
    listing = listCritical(root, [], { limits: LIST_LIMITS });
  } catch (error) {
    if (error instanceof ListingTooLargeError) return `the workspace is too large to look for critical links to it (${error.message})`;
    throw error;
  }
  const relative = path.relative(listing.root, absolute).split(path.sep).join("/");
  if (relative === "" || relative.startsWith("..")) return undefined;
  for (let at = relative; at !== "."; at = path.posix.dirname(at)) {
    if (!listing.entries.has(at)) continue;
    const link = [...listing.entries].find(([name, state]) => state.kind === "symlink" && realPathIfAny(path.join(listing.root, name)) === path.join(listing.root, at))?.[0];
    return link === undefined ? `${at} is shown under a critical name` : `${link} links to ${at}`;
  }
  return undefined;
}
