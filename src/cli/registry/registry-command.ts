// `mini-agent registry search|show|install|remove`: the command-line face of the registry.
// The index URL comes from MINI_AGENT_REGISTRY or "registry" in the user config. An install
// shows the entry in full first, and needs --yes (or a "y" at a terminal) to go ahead.
import os from "node:os";
import path from "node:path";
import { EXIT, UsageError } from "../../config/cli-options.js";
import { isHttpsUrl, notHttps, readConfigFile } from "../../config/config-file.js";
import { usableAgentHome } from "../../config/home.js";
import { askYesNo } from "../terminal-confirm.js";
import { fetchEntryFiles, fetchIndex, type FetchedFile } from "./registry-fetch.js";
import { RegistryError, searchIndex, type RegistryEntry } from "./registry-index.js";
import { checkContent, install, readInstalled, remove } from "./registry-install.js";

export interface RegistryIo {
  env: NodeJS.ProcessEnv;
  /** The workspace: the agent home may not be inside it. */
  cwd: string;
  stdout(text: string): void;
  stderr(text: string): void;
  /** Asks a yes/no question at a terminal; undefined when there is none. */
  confirm?(question: string): Promise<boolean>;
}

const USAGE = "usage: mini-agent registry search <words> | show <name> | install <name> [--yes] | remove <name>";

function registryUrl(env: NodeJS.ProcessEnv, home: string): string {
  const fromEnv = env.MINI_AGENT_REGISTRY?.trim();
  if (fromEnv && !isHttpsUrl(fromEnv)) throw new UsageError(`MINI_AGENT_REGISTRY ${notHttps(fromEnv)}`);
  if (fromEnv) return fromEnv;
  const file = path.join(home, "config.json");
  const configured = readConfigFile(file)?.values.registry;
  if (configured) return configured;
  throw new UsageError(`no registry configured: set MINI_AGENT_REGISTRY or "registry": "https://…/index.json" in ${file}`);
}

function describe(entry: RegistryEntry): string {
  return `${entry.name} (${entry.kind}${entry.version ? ` ${entry.version}` : ""}): ${entry.description}`;
}

function fullText(entry: RegistryEntry, files: FetchedFile[]): string {
  const parts = [`${describe(entry)}\n`];
  for (const file of files) parts.push(`──── ${file.path} (sha256 ${file.sha256.slice(0, 12)}…) ────\n${file.text.endsWith("\n") ? file.text : `${file.text}\n`}`);
  return parts.join("\n");
}

async function find(url: string, name: string): Promise<RegistryEntry> {
  const entries = await fetchIndex(url);
  const entry = entries.find((candidate) => candidate.name === name);
  if (!entry) throw new RegistryError(`no entry named ${JSON.stringify(name)} in ${url}; try mini-agent registry search`);
  return entry;
}

async function loadYaml(): Promise<(text: string) => unknown> {
  const yaml = (await import("yaml")) as typeof import("yaml") & { default?: typeof import("yaml") };
  return (yaml.default ?? yaml).parse;
}

export async function runRegistry(args: string[], flags: { yes: boolean }, io: RegistryIo): Promise<number> {
  const [action, ...rest] = args;
  const home = usableAgentHome(io.env, io.env.HOME ?? os.homedir(), io.cwd);
  const subject = rest.join(" ").trim();
  if (!action || !["search", "show", "install", "remove"].includes(action)) throw new UsageError(USAGE);
  if (action !== "search" && !subject) throw new UsageError(`registry ${action} needs a name; ${USAGE}`);
  try {
    if (action === "remove") {
      const record = remove(home, subject);
      io.stdout(`removed ${record.kind} ${record.name}\n`);
      return EXIT.ok;
    }
    const url = registryUrl(io.env, home);
    if (action === "search") {
      const found = searchIndex(await fetchIndex(url), subject);
      const installed = new Set(readInstalled(home).map((record) => record.name));
      io.stdout(found.length === 0 ? `nothing matches ${JSON.stringify(subject)}\n` : found.map((e) => `${describe(e)}${installed.has(e.name) ? " [installed]" : ""}\n`).join(""));
      return EXIT.ok;
    }
    const entry = await find(url, subject);
    const files = await fetchEntryFiles(entry);
    checkContent(entry, files, await loadYaml());
    io.stdout(fullText(entry, files));
    if (action === "show") return EXIT.ok;
    const go = flags.yes || ((await io.confirm?.(`Install ${entry.kind} ${entry.name}? [y/N] `)) ?? false);
    if (!go) {
      io.stderr(`mini-agent: ${entry.name} not installed; read it above, then rerun with --yes to install it\n`);
      return flags.yes || io.confirm ? EXIT.ok : EXIT.usage;
    }
    io.stdout(`installed ${entry.kind} ${entry.name} in ${install(home, entry, files, url)}\n`);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof RegistryError) {
      io.stderr(`mini-agent: ${error.message}\n`);
      return EXIT.runtime;
    }
    throw error;
  }
}

/** A y/N question on the terminal; only offered when both stdin and stdout are terminals. */
export function terminalConfirm(): RegistryIo["confirm"] {
  if (!process.stdin.isTTY || !process.stdout.isTTY) return undefined;
  return (question) => askYesNo(question, process.stdout);
}
