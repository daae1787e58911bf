// The engine's one door for faces (the TUI, print mode, `mini-agent rpc`, the subcommands): they
// import the engine from here and nowhere else (test/import-graph.test.ts; ADR 0039). The
// session itself is the protocol: `EngineSession.submit(op)` in, events out. The composition
// root (src/bootstrap.ts and the files it assembles from) is the only code that reaches inside.
//
// Cheap by rule: types are `export type` (erased), and every value below comes from a module
// that loads no zod, SDK or TUI, so importing this file keeps the print path and the TUI's first
// frame as light as before. What needs zod (reading rpc lines) loads on first use.
// One other door: `subcommands.ts`, what the subcommands that work on stored sessions and
// notes need (undo, sessions, memory, registry), kept apart so the TUI's first frame and the
// print path do not load checkpoints and session files' readers ahead of the session.

// The protocol: ops in, events out.
export type { AgentEvent, EventOf, EventType, Payload, ToolCall, ToolDetails, Usage } from "./events.js";
export type { Op, OpName, OpOf, OpInput } from "./protocol/ops.js";
export type { ToolImage } from "./messages.js";
export type { OpLine } from "./protocol/op-line.js";
export type {
  ApprovalDecision,
  ApprovalReply,
  CompactResult,
  EngineSession,
  ModelChoice,
  OpResult,
  QueuedPrompt,
  QuestionReply,
  SkillInfo,
  Snapshot,
  UndoResult,
} from "./surface.js";
export type { ThinkingLevel } from "./llm/provider.js";
export type { TurnOutcome } from "./turn/loop.js";

/** The rpc reader's parser: loads the op schemas (and zod) on first use, never on the print path. */
export const loadOpLineParser = async (): Promise<typeof import("./protocol/op-line.js").parseOpLine> => (await import("./protocol/op-line.js")).parseOpLine;

// The values an op field and its flag both take (thinking levels, what a name is).
export { checkedName, isName, THINKING_LEVELS } from "./protocol/field-values.js";
// A prompt the engine refused as the sender's mistake (a bad image, nothing to send).
export { PromptRefused } from "./session/prompt-images.js";
// What a prompt history keeps of one prompt (a huge paste is cut, with a note): the TUI's too.
export { historyEntry } from "./session/prompt-history.js";

// Policies a face applies through the surface (answerApproval by id), and how it words events.
export { answerByFlag, NEEDS_APPROVAL } from "./approval/gate/flag-answerer.js";
export { describeMemoryChange, noteForTerminal } from "./extensions/memory/memory-link.js";

// What the session file keeps (stream-json prints the same lines).
export { persisted } from "./wire/wire-policy.js";

// Settings a face translates from its own protocol (ACP modes, the Agent SDK's flags).
export { BUILT_IN_VARIANTS } from "./extensions/variants/agent-variants.js";
export { validateMcpServers, type ScopedMcpServer } from "./extensions/mcp/mcp-settings.js";
export type { UserRules } from "./approval/rules/user-rules.js";
export { claudeToolName, ourToolName } from "./extensions/hooks/claude-tools.js";

// Sessions on disk, as the TUI's picker lists them.
export { SessionAccessError, SessionStore, workspaceKey } from "./session/session.js";
export type { SessionSummary } from "./session/session-summary.js";

// The TUI's @-completion lists workspace files the way the tools see them (same jail, same ignores).
export { createJail } from "./tools/jail/jail.js";
export { walkFiles } from "./tools/search/walker.js";

// A face's own small reads of files it does not trust (the footer's .git/HEAD): bounded, never blocking.
export { readUserFile } from "./bounded-read.js";
