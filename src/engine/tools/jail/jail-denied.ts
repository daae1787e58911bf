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
 * File names refused anywhere. `.env` files (and direnv's `.envrc`) hold a project's secrets;
 * the conventional templates (`.env.example` etc.) hold none, so those stay readable. Then
 * credential files that also turn up in projects: netrc/authinfo, pgpass, MySQL's `.my.cnf`,
 * git's stored credentials, private keys by their ssh-keygen names, and Google's key files
 * (a service account's JSON key, an OAuth client secret, application default credentials).
 */
// Case-insensitive: on macOS and Windows `.ENV` opens `.env`.
const DENIED_NAME =
  /^(\.env(\..+)?|\.envrc(\.local)?|\.netrc|_netrc|\.authinfo(\.gpg)?|\.pgpass|\.my\.cnf|\.git-credentials|id_(rsa|dsa|ecdsa|ed25519)(_sk)?|.*service[-_]?account.*\.json|client_secret.*\.json|application_default_credentials\.json)$/i;
const ALLOWED_ENV_TEMPLATE = /^\.env(?:rc)?\.(example|sample|template|dist|defaults)$/i;
/** What editors and people add to a copy: `.env~`, `id_rsa.bak`, `#.env#`, vim's `.id_rsa.swp`. */
const BACKUP_SUFFIX = /(?:~|\.(?:bak|backup|old|orig|save|tmp|sw[a-p]))$/i;

/** The name, and the name a backup or swap file was copied from. */
function originalNames(baseName: string): string[] {
  let name = baseName.replace(/^#(.+)#$/, "$1");
  for (let before = ""; before !== name; ) {
    before = name;
    name = name.replace(BACKUP_SUFFIX, "");
  }
  return name.startsWith(".") ? [baseName, name, name.slice(1)] : [baseName, name];
}

export function isDeniedName(baseName: string): boolean {
  return originalNames(baseName).some((name) => DENIED_NAME.test(name) && !ALLOWED_ENV_TEMPLATE.test(name));
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
