// Every workspace tool, built over one jail. bootstrap.ts calls this once per session.
// The order is the order the model sees them in: look, search, change, plan, outside world.
import { createEditFileTool } from "./fs/edit-file.js";
import { createGitTools } from "./git-tools.js";
import { createGlobTool } from "./search/glob.js";
import { createGrepTool } from "./search/grep.js";
import { createJail, type Jail } from "./jail/jail.js";
import { createListFilesTool } from "./search/list-files.js";
import { createReadFileTool } from "./fs/read-file.js";
import { createTodoWriteTool, type TodoItem } from "./todo-write.js";
import type { Tool } from "./tool.js";
import { createWebFetchTool } from "./web/web-fetch.js";
import { createWebSearchTool, type WebSearchConfig } from "./web/web-search.js";
import { createWriteFileTool } from "./fs/write-file.js";

export interface WorkspaceToolsOptions {
  /** The workspace root; every path is resolved against it. */
  root: string;
  /** Extra directories tools may read (config `readRoots`); "~/" means the home directory. */
  readRoots?: string[];
  /** A jail already built over `root` (the approval rules share it); else one is made here. */
  jail?: Jail;
  /** Directories no tool may touch beyond the built-in credential stores. */
  deniedDirs?: string[];
  /** A configured search backend; without one, web_search is not offered. */
  webSearch?: WebSearchConfig;
  /** Receives the whole todo list on every todo_write (wire it to `todo.updated`). */
  onTodos: (todos: TodoItem[]) => void;
  /** Path to rg; undefined looks it up on PATH, null forces the built-in search. */
  ripgrep?: string | null;
  /**
   * Test-only: lets web_fetch reach loopback (127.0.0.0/8, ::1) so tests can use a local
   * server; link-local, private and unique-local stay refused. Honoured only inside a
   * vitest worker; never map a CLI flag or config key to it.
   */
  allowPrivateNetworkForTests?: boolean;
}

export function createWorkspaceTools(options: WorkspaceToolsOptions): Tool[] {
  const jail = options.jail ?? createJail(options.root, {
    ...(options.readRoots ? { readRoots: options.readRoots } : {}),
    ...(options.deniedDirs ? { deniedDirs: options.deniedDirs } : {}),
  });
  const webSearch = createWebSearchTool(options.webSearch);
  return [
    createReadFileTool({ jail }),
    createListFilesTool({ jail }),
    createGlobTool({ jail }),
    createGrepTool({ jail, ripgrep: options.ripgrep }),
    createWriteFileTool({ jail }),
    createEditFileTool({ jail }),
    createTodoWriteTool({ onTodos: options.onTodos }),
    ...createGitTools({ jail }),
    createWebFetchTool({ allowLoopbackForTests: options.allowPrivateNetworkForTests }),
    ...(webSearch ? [webSearch] : []),
  ];
}
