// The wire file's first line: what a session file is, which version, whose session.
// Checked by hand (six fields): the header is read on every resume and every session list,
// and a schema library is not worth loading for it (docs/adr/0023-schemas-at-build-time.md).

export const WIRE_FORMAT = "mini-agent-wire";
/**
 * 2: completed items, no deltas (ADR 0040). Version 1 files (every delta) still resume, and
 * keep their header when continued: the lines this version appends read the same either way.
 * An older mini-agent refuses a version 2 file rather than silently losing its messages.
 */
export const WIRE_VERSION = 2;
/** The oldest version this mini-agent reads. */
export const OLDEST_WIRE_VERSION = 1;

export interface WireHeader {
  format: typeof WIRE_FORMAT;
  version: number;
  sessionId: string;
  cwd: string;
  created: string;
  /** The session this one was forked from (`--fork`); its history was copied up to its last turn. */
  forkedFrom?: string;
}

export class WireFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WireFormatError";
  }
}

/** A header whose format version this mini-agent does not read (a newer or older mini-agent wrote it). */
export class UnsupportedWireVersion extends Error {
  constructor(readonly version: number) {
    super(`session format version ${version} is not supported by this mini-agent (it reads versions ${OLDEST_WIRE_VERSION} to ${WIRE_VERSION})`);
    this.name = "UnsupportedWireVersion";
  }
}

/**
 * The header's fields, or an Error naming the first bad one (the caller adds the file). The one
 * check of a header: a resume refuses the file with its message, the listing shows it as
 * damaged with the same words. The version's type is checked before its range, so a "2" in
 * quotes is a bad field, not a version that is both 2 and unsupported.
 */
export function checkWireHeader(raw: unknown): WireHeader {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new Error("not a JSON object");
  const value = raw as Record<string, unknown>;
  if (value.format !== WIRE_FORMAT) throw new Error(`format: expected ${JSON.stringify(WIRE_FORMAT)}`);
  if (!Number.isSafeInteger(value.version)) throw new Error(`version: expected a whole number, got ${JSON.stringify(value.version) ?? "nothing"}`);
  const version = value.version as number;
  if (version < OLDEST_WIRE_VERSION || version > WIRE_VERSION) throw new UnsupportedWireVersion(version);
  for (const key of ["sessionId", "cwd", "created"] as const) {
    if (typeof value[key] !== "string") throw new Error(`${key}: expected a string`);
  }
  if (value.forkedFrom !== undefined && typeof value.forkedFrom !== "string") throw new Error("forkedFrom: expected a string");
  const { format, sessionId, cwd, created, forkedFrom } = value as unknown as WireHeader;
  return { format, version, sessionId, cwd, created, ...(forkedFrom !== undefined ? { forkedFrom } : {}) };
}
