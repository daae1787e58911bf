// Paths no tool may read or write, wherever the workspace or the read roots are.
// Two kinds: whole directories in the user's home that hold credentials for other systems
// (and our own config, which holds API keys), and file names that conventionally hold
// secrets inside a project. The model never needs their contents to write code; a person
// who wants the agent to see one can paste the relevant part.
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";

/** Relative to the home directory. Directories deny everything beneath them. */
export const DENIED_HOME_PATHS = [
  ".mini-agent",
  ".ssh",
  ".aws",
  ".gnupg",
  ".kimi-code",
  ".kube",
  ".docker",
  ".azure",
  ".config/gcloud",
  ".config/gh",
  ".netrc",
  ".git-credentials",
  ".npmrc",
  ".pypirc",
];

/**
 * File names refused anywhere. `.env` files hold a project's secrets; the conventional
 * templates (`.env.example` etc.) hold none, so those stay readable.
 */
// Case-insensitive: on macOS and Windows `.ENV` opens `.env`.
const DENIED_NAME = /^(\.env(\..+)?|\.netrc|\.git-credentials|id_(rsa|dsa|ecdsa|ed25519)(_sk)?)$/i;
const ALLOWED_ENV_TEMPLATE = /^\.env\.(example|sample|template|dist|defaults)$/i;

export function isDeniedName(baseName: string): boolean {
  return DENIED_NAME.test(baseName) && !ALLOWED_ENV_TEMPLATE.test(baseName);
}

export interface DeniedPaths {
  /** Why `absolute` (already symlink-resolved) is refused, or undefined when it is not. */
  reason(absolute: string): string | undefined;
}

/** Both the lexical and the real path: a path can be compared after symlink resolution. */
function spellings(dir: string): string[] {
  const all = new Set([path.resolve(dir)]);
  if (existsSync(dir)) all.add(realpathSync(dir));
  return [...all];
}

/** `extra`: more directories to refuse, e.g. a MINI_AGENT_HOME outside the home directory. */
export function createDeniedPaths(home: string, extra: readonly string[] = []): DeniedPaths {
  const deniedRoots = [
    ...spellings(home).flatMap((h) => DENIED_HOME_PATHS.map((p) => path.join(h, p))),
    ...extra.flatMap(spellings),
  ];
  // Walkers call this for every entry: plain string prefixes on normalised absolute paths,
  // compared case-insensitively because macOS and Windows open `~/.SSH` as `~/.ssh`.
  const lowered = deniedRoots.map((denied) => denied.toLowerCase());
  const inside = (denied: string, absolute: string) => absolute === denied || absolute.startsWith(denied + path.sep);
  return {
    reason(absolute) {
      const lower = absolute.toLowerCase();
      const root = deniedRoots.find((_denied, i) => inside(lowered[i]!, lower));
      if (root) return `${root} holds credentials or agent configuration and is never accessible to tools`;
      if (isDeniedName(path.basename(absolute))) {
        return `${path.basename(absolute)} files hold secrets and are never accessible to tools`;
      }
      return undefined;
    },
  };
}
