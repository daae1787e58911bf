// The CLI's commands behind one dynamic import: the headless run and the subcommands
// (sessions, memory, undo, registry, rpc). One entry point, not one per command, so the bundler
// keeps the modules they share in a few chunks instead of one small chunk per combination
// (each module Node loads costs ~0.5 ms at start-up; ADR 0027). The faces of other tools'
// protocols (ACP, the Agent SDK's) are larger and load on their own path only.
export { runPrint } from "../print/run-print.js";
export { runSessionsCommand } from "./sessions-command.js";
export { runMemoryCommand } from "./memory-command.js";
export { runUndo } from "./undo-command.js";
export { runRpc } from "../rpc/run-rpc.js";
export { runRegistry, terminalConfirm } from "./registry/registry-command.js";
export { stripTerminalControls } from "../print/terminal-safe.js";
