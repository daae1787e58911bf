// The critical-file rule of one session's command tools (ADR 0035): a sandboxed command that
// runs without a question gets every critical file read-only (existing ones mounted so, new
// ones denied by pattern where the sandbox can), and whatever it still changed is undone
// right after it, before its result is returned. A command someone approved is left alone.
// Every sandboxed command, approved or not, gets every .git read-only (git-guard.ts, ADR 0037),
// and every hard link to a file outside the workspace (package managers' stores, ADR 0047; any
// other the walk meets, ADR 0051).
import { existsSync, fstatSync, readFileSync, realpathSync } from "node:fs";
import { withOpenedFile } from "../bounded-read.js";
import { criticalPathRegexes, listCritical, ListingTooLargeError, type CriticalListing, type ListLimits } from "./critical-scan.js";
import { undoCriticalChanges } from "./critical-undo.js";
import { gitReadOnly, topGitListing, undoPlantedGit } from "./git-guard.js";
import type { LinkCache } from "./linked-out.js";
import { ToolError, type ToolContext } from "../tools/tool.js";

/** What the sandbox makes read-only for one command. */
export interface WriteProtection {
  /** Existing absolute paths: mounted read-only (bubblewrap), writes under them denied (Seatbelt). */
  readOnly: readonly string[];
  /** Regexes over absolute paths, existing or not, to deny writes to (Seatbelt only). */
  denyRegexes: readonly string[];
}

/** A command ready to start, and what to do once it is gone. */
export interface PreparedRun {
  argv: string[];
  /** Bytes for the command's fd 3 (the sandbox's seccomp program). */
  fd3?: Buffer;
  /** Call once the command's processes are all gone: lines for its result naming what was undone (none when nothing was). */
  finish(): string[];
}

/** Wraps a command's argv for the sandbox; `answeredBy` is the approval's (absent: it runs without a question). */
export type PrepareRun = (argv: string[], answeredBy: ToolContext["answeredBy"], offline?: boolean) => Promise<PreparedRun>;

/** Beyond these the listing before a command refuses: the walk would cost too much per command. */
export const LIST_LIMITS: ListLimits = { entries: 200_000, critical: 5_000 };
/** The copies kept to put changed files back; more than this and the command is refused. */
export const COPY_LIMIT_BYTES = 64 * 1024 * 1024;

export const UNDONE_HEADER = "This command ran without a question, so it may not change critical files; what it changed was undone:";

export interface CriticalGuardOptions {
  root: string;
  /** Absolute paths of files a trusted setting runs (hook and MCP server scripts): read-only like critical files. */
  protectedPaths?: readonly string[];
  /** Where removed files are kept (outside the workspace); deleted when absent. */
  asideDir?: string;
  limits?: ListLimits;
}

export interface CriticalGuard {
  /** Lists before a command (throws a ToolError when the workspace is too large) and returns what to protect and the check to run after. */
  begin(): { protection: WriteProtection; finish(): string[] };
  /**
   * For a command someone approved: the files hooks and MCP servers run stay read-only even
   * then, since the host runs them outside any sandbox (an approval is for the command, not
   * for planting code the host will run).
   */
  approved(): WriteProtection;
  /**
   * For an approved command: `approved()` plus every .git read-only, and the check after it
   * that moves a planted .git out unless a person (not --yes) approved the command.
   */
  approvedRun(answeredBy: "user" | "flag"): { protection: WriteProtection; finish(): string[] };
}

/** A copy is read again only when the file's identity changed since the last command. */
interface Copy {
  key: string;
  data: Buffer;
}

export function createCriticalGuard(options: CriticalGuardOptions): CriticalGuard {
  const protectedPaths = options.protectedPaths ?? [];
  const cache = new Map<string, Copy>();
  const linkCache: LinkCache = new Map();

  function takeCopies(listing: CriticalListing): Map<string, Buffer> {
    const copies = new Map<string, Buffer>();
    let total = 0;
    for (const [relative, state] of listing.entries) {
      if (state.kind !== "file") continue;
      const key = `${state.id}:${state.size}:${state.mtimeNs}:${state.ctimeNs}`;
      let copy = cache.get(relative);
      // Refused before reading: a huge file is not read whole only to be found too large.
      if (total + Number(state.size) > COPY_LIMIT_BYTES) throw new ListingTooLargeError(`the critical files hold more than ${COPY_LIMIT_BYTES / 1024 / 1024} MiB`);
      if (copy?.key !== key) {
        const data = readNoFollow(`${listing.root}/${relative}`, state.id);
        if (!data) continue; // gone or replaced meanwhile: nothing to put back as it was listed
        copy = { key, data };
        cache.set(relative, copy);
      }
      total += copy.data.length;
      if (total > COPY_LIMIT_BYTES) throw new ListingTooLargeError(`the critical files hold more than ${COPY_LIMIT_BYTES / 1024 / 1024} MiB`);
      copies.set(relative, copy.data);
    }
    for (const relative of cache.keys()) if (!copies.has(relative)) cache.delete(relative);
    return copies;
  }

  return {
    approved() {
      const existing = protectedPaths.filter((file) => existsSync(file));
      return { readOnly: existing, denyRegexes: protectedPaths.filter((file) => !/["\\\n\r]/.test(file)).map((file) => `^${escapeRegex(file)}(/|$)`) };
    },
    approvedRun(answeredBy) {
      const base = this.approved();
      let before: Pick<CriticalListing, "root" | "gitEntries" | "linkedOut" | "rootParts">;
      let walked = true;
      try {
        before = listCritical(options.root, [], { limits: options.limits ?? LIST_LIMITS, linksOut: linkCache });
      } catch (error) {
        if (!(error instanceof ListingTooLargeError)) throw error;
        // Too large to walk before every command: the top .git only.
        before = topGitListing(realpathSync(options.root));
        walked = false;
      }
      return {
        protection: { readOnly: [...base.readOnly, ...gitReadOnly(before), ...before.linkedOut], denyRegexes: base.denyRegexes },
        finish() {
          if (answeredBy === "user") return [];
          try {
            const after = walked ? listCritical(options.root, []) : topGitListing(before.root);
            return undoPlantedGit(before, after, options.asideDir);
          } catch (error) {
            return [`Git metadata could not be checked after this command: ${(error as Error).message}`];
          }
        },
      };
    },
    begin() {
      let before: CriticalListing;
      let copies: Map<string, Buffer>;
      try {
        before = listCritical(options.root, protectedPaths, { limits: options.limits ?? LIST_LIMITS, linksOut: linkCache });
        copies = takeCopies(before);
      } catch (error) {
        if (!(error instanceof ListingTooLargeError)) throw error;
        throw new ToolError(
          `refused: this command would run without a question, so the sandbox keeps critical files (manifests, CI, agent instructions) as they are and checks them after it, but ${error.message}, too many to check. Ask the user to run it themselves.`,
        );
      }
      return {
        protection: { readOnly: [...before.readOnly, ...gitReadOnly(before), ...before.linkedOut], denyRegexes: criticalPathRegexes(before.root) },
        finish() {
          try {
            const after = listCritical(options.root, protectedPaths, { before });
            const lines = undoCriticalChanges({ before, after, copies, ...(options.asideDir ? { asideDir: options.asideDir } : {}) });
            const git = undoPlantedGit(before, after, options.asideDir);
            return [...(lines.length > 0 ? [UNDONE_HEADER, ...lines.map((line) => `  ${line}`)] : []), ...git];
          } catch (error) {
            return [`Critical files could not be checked after this command: ${(error as Error).message}`];
          }
        },
      };
    },
  };
}

/** The file's bytes if `absolute` is still the regular file `id` names (never through a symlink). */
function readNoFollow(absolute: string, id: string): Buffer | undefined {
  // Opened non-blocking: a file swapped for a FIFO since it was listed would otherwise wait for a writer forever.
  return withOpenedFile(absolute, (fd) => {
    const stats = fstatSync(fd, { bigint: true });
    return `${stats.dev}:${stats.ino}` === id && stats.isFile() ? readFileSync(fd) : undefined;
  });
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
