// The wire file's first line: what a session file is, which version, whose session.
import { z } from "zod";

export const WIRE_FORMAT = "mini-agent-wire";
export const WIRE_VERSION = 1;

export const wireHeaderSchema = z.object({
  format: z.literal(WIRE_FORMAT),
  version: z.number().int(),
  sessionId: z.string(),
  cwd: z.string(),
  created: z.string(),
  /** The session this one was forked from (`--fork`); its history was copied up to its last turn. */
  forkedFrom: z.string().optional(),
});
export type WireHeader = z.infer<typeof wireHeaderSchema>;

export class WireFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WireFormatError";
  }
}
