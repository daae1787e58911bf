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

/** The header's fields, or an Error naming the first bad one (the caller adds the file). */
export function checkWireHeader(raw: unknown): WireHeader {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new Error("not a JSON object");
  const value = raw as Record<string, unknown>;
  if (value.format !== WIRE_FORMAT) throw new Error(`format: expected ${JSON.stringify(WIRE_FORMAT)}`);
  if (!Number.isSafeInteger(value.version)) throw new Error("version: expected an integer");
  for (const key of ["sessionId", "cwd", "created"] as const) {
    if (typeof value[key] !== "string") throw new Error(`${key}: expected a string`);
  }
  if (value.forkedFrom !== undefined && typeof value.forkedFrom !== "string") throw new Error("forkedFrom: expected a string");
  const { format, version, sessionId, cwd, created, forkedFrom } = value as unknown as WireHeader;
  return { format, version, sessionId, cwd, created, ...(forkedFrom !== undefined ? { forkedFrom } : {}) };
}
