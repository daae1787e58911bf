// The door to picomatch. It is ~60 KB of bundled CommonJS whose load costs a few ms, and
// neither the demo nor a resume ever matches a glob, so it is imported on first need
// (ADR 0028): whoever is about to match awaits `loadGlobMatcher()` at the start of its async
// operation (a tool's execute, the gate's judgement), then compiles and matches
// synchronously. The command policy, itself loaded lazily as a whole, links it statically
// instead (approval/policy-globs.ts). Matching before either throws: an unloaded matcher
// must never read as "no match", which would let a deny rule or a credential glob slip by.
import type picomatchType from "picomatch";

export type GlobOptions = picomatchType.PicomatchOptions;

let picomatch: typeof picomatchType | undefined;
let loading: Promise<void> | undefined;

/** Loads picomatch once; every later call resolves at once. */
export function loadGlobMatcher(): Promise<void> {
  loading ??= import("picomatch").then(
    (module) => {
      // CommonJS through import(): the function is the default export.
      picomatch = (module as { default?: typeof picomatchType }).default ?? (module as unknown as typeof picomatchType);
    },
    (error: unknown) => {
      loading = undefined; // a later call may try again
      throw error;
    },
  );
  return loading;
}

/** The lazily loaded command policy hands over the picomatch it links (policy-globs.ts). */
export function provideGlobMatcher(linked: typeof picomatchType): void {
  picomatch ??= linked;
}

export function globMatcherLoaded(): boolean {
  return picomatch !== undefined;
}

function loaded(pattern: string): typeof picomatchType {
  if (!picomatch) throw new Error(`internal: the glob ${JSON.stringify(pattern)} was matched before the glob matcher was loaded`);
  return picomatch;
}

/** A compiled glob; throws when the matcher is not loaded or the pattern is not one picomatch takes. */
export function compileGlob(pattern: string, options?: GlobOptions): (subject: string) => boolean {
  const matcher = loaded(pattern)(pattern, options);
  return (subject) => matcher(subject);
}

/** One-off test of `subject` against `pattern`. */
export function matchesGlob(subject: string, pattern: string, options?: GlobOptions): boolean {
  return loaded(pattern).isMatch(subject, pattern, options);
}
