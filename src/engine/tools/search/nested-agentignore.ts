// ripgrep applies every .gitignore itself and is given the workspace root's .agentignore as
// `--ignore-file`, but it knows nothing of a .agentignore in a folder below the root. For a
// file it reports under such a folder, the walker's own rules decide, folder by folder from
// the search path down, as a walk would meet them: both backends then agree by construction.
import { existsSync } from "node:fs";
import path from "node:path";
import { childChain, inWorkspace, isIgnored, loadIgnoreChain, type IgnoreChain } from "./ignore-rules.js";

export interface NestedAgentignores {
  /** Whether a folder below the root, on the way to `file`, holds a .agentignore (cheap, cached). */
  concerns(file: string): boolean;
  /** Whether the walker would skip `file` (or a folder on its way from the search path). */
  ignored(file: string): Promise<boolean>;
}

export function nestedAgentignores(root: string, start: string): NestedAgentignores {
  const holds = new Map<string, boolean>();
  const chains = new Map<string, Promise<IgnoreChain>>();

  function holdsRules(dir: string): boolean {
    let found = holds.get(dir);
    if (found === undefined) {
      found = existsSync(path.join(dir, ".agentignore"));
      holds.set(dir, found);
    }
    return found;
  }

  function chainFor(dir: string): Promise<IgnoreChain> {
    let chain = chains.get(dir);
    if (!chain) {
      chain = dir === start || !inWorkspace(start, dir) ? loadIgnoreChain(root, dir) : chainFor(path.dirname(dir)).then((parent) => childChain(parent, dir));
      chains.set(dir, chain);
    }
    return chain;
  }

  return {
    concerns(file) {
      for (let dir = path.dirname(file); dir !== root && inWorkspace(root, dir) && path.dirname(dir) !== dir; dir = path.dirname(dir)) {
        if (holdsRules(dir)) return true;
      }
      return false;
    },
    async ignored(file) {
      const folders: string[] = [];
      for (let dir = path.dirname(file); dir !== start && inWorkspace(start, dir) && path.dirname(dir) !== dir; dir = path.dirname(dir)) folders.unshift(dir);
      for (const folder of folders) if (isIgnored(await chainFor(path.dirname(folder)), folder, true)) return true;
      return isIgnored(await chainFor(path.dirname(file)), file, false);
    },
  };
}
