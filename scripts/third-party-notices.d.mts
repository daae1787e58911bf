// Types for scripts/third-party-notices.mjs, for the tests that import it.
export function bundledPackageDirs(inputs: string[], root: string): string[];
export function noticesFor(inputs: string[], root: string): string;
export function writeNotices(metafile: { outputs: Record<string, { inputs: Record<string, unknown> }> }, root: string, file: string): string;
