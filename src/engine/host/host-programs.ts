// The programs mini-agent itself runs on the host (bwrap, nsenter, git, rg, bash, the
// forwarder's node, taskkill, an MCP server's bare name), as absolute paths found once per
// process, and only in PATH folders no command of the model can write. Spawned by bare name, a
// program is looked up in PATH at every spawn, and a PATH folder in the workspace (an activated .venv/bin,
// node_modules/.bin under `npm run`, direnv's PATH_add, a relative entry) would let a sandboxed
// command plant `bwrap` or `git` that mini-agent then runs unconfined (ADR 0061). The commands
// the model runs keep the user's PATH: they run inside the sandbox.
import { accessSync, constants, realpathSync, statSync } from "node:fs";
import path from "node:path";

export type HostProgram = { path: string; missing?: undefined } | { path?: undefined; missing: string; onlyUntrusted: boolean };

/** Folders whose contents a command may have written: the workspaces, the agent home, the sandbox's own folders. */
const distrusted = new Set<string>();
const cache = new Map<string, HostProgram>();

const IGNORES_CASE = process.platform === "win32" || process.platform === "darwin";
const key = (file: string) => (IGNORES_CASE ? file.toLowerCase() : file);

function isWithin(child: string, parent: string): boolean {
  const relative = path.relative(key(parent), key(child));
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/** The real path of `file`, or of its deepest existing folder with the rest joined on (a folder made later still counts). */
function realPathOf(file: string): string {
  const rest: string[] = [];
  for (let at = path.resolve(file); ; at = path.dirname(at)) {
    try {
      return path.join(realpathSync.native(at), ...rest.reverse());
    } catch {
      if (path.dirname(at) === at) return path.resolve(file);
      rest.push(path.basename(at));
    }
  }
}

/** Both spellings of a folder: as given and with every link resolved (read at each lookup: it may be made later). */
const spellings = (folder: string) => [...new Set([path.resolve(folder), realPathOf(folder)])];

/**
 * Folders mini-agent must never run its own programs from, added as a session learns them
 * (its workspace, the agent home, its sandbox's folders). A new one forgets what was found.
 */
export function distrustForHostPrograms(folders: readonly string[]): void {
  for (const folder of folders) {
    if (!folder || distrusted.has(folder)) continue;
    distrusted.add(folder);
    cache.clear();
  }
}

/** Why mini-agent will not run programs from this PATH entry, or undefined when it may. */
export function untrustedPathEntry(entry: string, folders: readonly string[]): string | undefined {
  if (!path.isAbsolute(entry)) return "a relative PATH entry (it names a folder in whatever folder a command runs in)";
  const forms = [path.resolve(entry), realPathOf(entry)];
  const inside = folders.flatMap(spellings).find((folder) => forms.some((form) => isWithin(form, folder)));
  return inside ? `inside ${inside}, which commands can write` : undefined;
}

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Uncached: `name` in the first trusted PATH folder that holds it. */
export function findHostProgram(name: string, pathVariable: string, folders: readonly string[]): HostProgram {
  const file = process.platform === "win32" && !path.extname(name) ? `${name}.exe` : name;
  let refused: string | undefined;
  for (const entry of pathVariable.split(path.delimiter)) {
    if (!entry) continue;
    const candidate = path.join(entry, file);
    if (!isExecutableFile(candidate)) continue;
    // The folder, and the file itself (a link from a trusted folder into the workspace).
    const why = untrustedPathEntry(entry, folders) ?? (untrustedPathEntry(realPathOf(candidate), folders) && "a link into a folder commands can write");
    if (!why) return { path: path.resolve(candidate) };
    refused ??= `${name} was found only at ${candidate}, ${why}; mini-agent runs its own programs only from PATH folders outside the workspace`;
  }
  return refused ? { missing: refused, onlyUntrusted: true } : { missing: `${name} is not on PATH`, onlyUntrusted: false };
}

/** `name` for mini-agent's own use, looked up once per process (again only after a folder is distrusted). */
export function hostProgram(name: string): HostProgram {
  let found = cache.get(name);
  if (!found) {
    // The folder mini-agent was started in is a workspace too, whether or not a session named it.
    found = findHostProgram(name, process.env.PATH ?? "", [process.cwd(), ...distrusted.keys()]);
    cache.set(name, found);
  }
  return found;
}

/** The absolute path of `name`, or an error saying why there is none mini-agent will run. */
export function requireHostProgram(name: string): string {
  const found = hostProgram(name);
  if (found.path === undefined) throw new Error(found.missing);
  return found.path;
}
