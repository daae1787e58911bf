// Reads guard plugins from <workspace>/.agents/guards/*.json and <agent home>/guards/*.json.
// A project's plugins need no trust: they can only refuse calls, never allow or run anything.
// A broken file stops start-up with its name and problem: skipping it would quietly let
// through every call it was written to refuse.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { validateGuardPlugin, type GuardPlugin } from "./guard-plugin.js";

export class GuardPluginError extends Error {}

export function guardDirs(roots: { workspace: string; home: string }): string[] {
  return [path.join(roots.workspace, ".agents", "guards"), path.join(roots.home, "guards")];
}

export function loadGuardPlugins(roots: { workspace: string; home: string }): GuardPlugin[] {
  const plugins: GuardPlugin[] = [];
  const problems: string[] = [];
  for (const dir of guardDirs(roots)) {
    let names: string[];
    try {
      names = readdirSync(dir).filter((name) => name.endsWith(".json")).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      const file = path.join(dir, name);
      try {
        const checked = validateGuardPlugin(JSON.parse(readFileSync(file, "utf8").replace(/^\uFEFF/, "")));
        if ("problem" in checked) problems.push(`guard plugin ${file}: ${checked.problem}`);
        else plugins.push(checked.plugin);
      } catch (error) {
        problems.push(`guard plugin ${file}: ${(error as Error).message}`);
      }
    }
  }
  if (problems.length > 0) throw new GuardPluginError(`${problems.join("\n")}\nFix or remove the file; a guard that cannot be read would refuse nothing.`);
  return plugins;
}
