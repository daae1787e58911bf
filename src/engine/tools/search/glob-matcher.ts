// Every glob the engine matches (the glob tool, grep's include, path rules, credential
// globs) goes through picomatch with the same options, here. It is imported statically: a
// matcher that could be used before it loaded would need a door that throws, and an
// unloaded matcher must never read as "no match" (ADR 0041).
import picomatch from "picomatch";

export type GlobOptions = picomatch.PicomatchOptions;

/** A compiled glob; throws when the pattern is not one picomatch takes. */
export function compileGlob(pattern: string, options?: GlobOptions): (subject: string) => boolean {
  const matcher = picomatch(pattern, options);
  return (subject) => matcher(subject);
}

/** One-off test of `subject` against `pattern`. */
export function matchesGlob(subject: string, pattern: string, options?: GlobOptions): boolean {
  return picomatch.isMatch(subject, pattern, options);
}
