// Generated from src/engine/events.ts by `npm run gen:schemas`: do not edit.
// One check per event type (lean-check.ts): the line's own object if it fits its schema, else REJECTED.
/* eslint-disable */
import { REJECTED as R } from "./lean-parse.js";

const hasOwn = Object.hasOwn;
const c = [new Set(["stop","tool_calls","length","content_filter","aborted","error"]), new Set(["allow","deny"]), new Set(["rule","memory","flag","user"]), new Set(["stdout","stderr"]), new Set(["pending","in_progress","done","blocked"]), new Set(["summary","dropped","elided"]), new Set(["auto","overflow","manual"]), new Set(["provider","auth","context_length","stream","tool","wire","internal"]), new Set(["info","warn","error"]), new Set(["off","low","medium","high","max"]), new Set(["turn","undo"]), new Set(["completed","max_rounds","aborted","error"]), new Set(["remembered","forgot"])] as const;

// `any`: each check reads the fields of whatever JSON.parse made, and typeof tests each one.
export const EVENT_CHECKS: ReadonlyMap<string, (v: any) => unknown> = new Map<string, (v: any) => unknown>([
  ["session.started", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.sessionId !== "string") return R;
    if (typeof v.cwd !== "string") return R;
    if (typeof v.provider !== "string") return R;
    if (typeof v.model !== "string") return R;
    if (typeof v.resumed !== "boolean") return R;
    if (v.type !== "session.started") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["turn.started", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.turnId !== "string") return R;
    if (typeof v.prompt !== "string") return R;
    if (v.type !== "turn.started") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["step.started", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.round !== "number" || !Number.isSafeInteger(v.round) || v.round <= 0) return R;
    if (v.type !== "step.started") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["assistant.delta", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.text !== "string") return R;
    if (v.type !== "assistant.delta") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["thinking.delta", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.text !== "string") return R;
    if (v.signature !== undefined && (typeof v.signature !== "string")) return R;
    if (v.newBlock !== undefined && (typeof v.newBlock !== "boolean")) return R;
    if (v.type !== "thinking.delta") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["thinking.redacted", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.data !== "string") return R;
    if (v.type !== "thinking.redacted") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["tool.call", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.callId !== "string") return R;
    if (typeof v.name !== "string") return R;
    if (typeof v.arguments !== "string") return R;
    if (v.type !== "tool.call") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["step.ended", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.round !== "number" || !Number.isSafeInteger(v.round) || v.round <= 0) return R;
    if (!c[0].has(v.finishReason)) return R;
    if (v.type !== "step.ended") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["approval.request", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (v.id !== undefined && (typeof v.id !== "string")) return R;
    if (typeof v.callId !== "string") return R;
    if (typeof v.name !== "string") return R;
    if (typeof v.reason !== "string") return R;
    if (v.preview !== undefined && (typeof v.preview !== "string")) return R;
    if (v.uncommittedChanges !== undefined && (typeof v.uncommittedChanges !== "boolean")) return R;
    if (v.critical !== undefined && (typeof v.critical !== "boolean")) return R;
    if (v.scope !== undefined && (typeof v.scope !== "string")) return R;
    if (v.type !== "approval.request") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["approval.decision", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (v.id !== undefined && (typeof v.id !== "string")) return R;
    if (typeof v.callId !== "string") return R;
    if (typeof v.name !== "string") return R;
    if (!c[1].has(v.decision)) return R;
    if (!c[2].has(v.by)) return R;
    if (typeof v.reason !== "string") return R;
    if (v.always !== undefined && (typeof v.always !== "boolean")) return R;
    if (v.scope !== undefined && (typeof v.scope !== "string")) return R;
    if (v.note !== undefined && (typeof v.note !== "string")) return R;
    if (v.type !== "approval.decision") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["tool.output", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.callId !== "string") return R;
    if (!c[3].has(v.stream)) return R;
    if (typeof v.chunk !== "string") return R;
    if (v.type !== "tool.output") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["tool.result", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.callId !== "string") return R;
    if (typeof v.name !== "string") return R;
    if (typeof v.content !== "string") return R;
    if (typeof v.isError !== "boolean") return R;
    const x98 = v.images;
    if (x98 !== undefined) {
      if (!Array.isArray(x98)) return R;
      for (let i99 = 0; i99 < x98.length; i99 += 1) {
        const e100 = x98[i99];
        if (typeof e100 !== "object" || e100 === null || Array.isArray(e100)) return R;
        if (typeof e100.mediaType !== "string") return R;
        if (typeof e100.base64 !== "string") return R;
      }
    }
    const x103 = v.details;
    if (x103 !== undefined) {
      if (typeof x103 !== "object" || x103 === null || Array.isArray(x103)) return R;
      if (x103.path !== undefined && (typeof x103.path !== "string")) return R;
      if (x103.diff !== undefined && (typeof x103.diff !== "string")) return R;
      if (x103.linesAdded !== undefined && (typeof x103.linesAdded !== "number" || !Number.isSafeInteger(x103.linesAdded) || x103.linesAdded < 0)) return R;
      if (x103.linesRemoved !== undefined && (typeof x103.linesRemoved !== "number" || !Number.isSafeInteger(x103.linesRemoved) || x103.linesRemoved < 0)) return R;
      const x108 = x103.exitCode;
      if (x108 !== undefined) {
        if (x108 !== null) {
          if (typeof x108 !== "number" || !Number.isSafeInteger(x108)) return R;
        }
      }
      const x109 = x103.signal;
      if (x109 !== undefined) {
        if (x109 !== null) {
          if (typeof x109 !== "string") return R;
        }
      }
      if (x103.timedOut !== undefined && (typeof x103.timedOut !== "boolean")) return R;
      if (x103.taskId !== undefined && (typeof x103.taskId !== "string")) return R;
    }
    if (v.type !== "tool.result") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["usage", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.inputTokens !== "number" || !Number.isSafeInteger(v.inputTokens) || v.inputTokens < 0) return R;
    if (typeof v.outputTokens !== "number" || !Number.isSafeInteger(v.outputTokens) || v.outputTokens < 0) return R;
    if (v.cacheReadTokens !== undefined && (typeof v.cacheReadTokens !== "number" || !Number.isSafeInteger(v.cacheReadTokens) || v.cacheReadTokens < 0)) return R;
    if (v.cacheWriteTokens !== undefined && (typeof v.cacheWriteTokens !== "number" || !Number.isSafeInteger(v.cacheWriteTokens) || v.cacheWriteTokens < 0)) return R;
    if (v.reasoningTokens !== undefined && (typeof v.reasoningTokens !== "number" || !Number.isSafeInteger(v.reasoningTokens) || v.reasoningTokens < 0)) return R;
    if (v.costUsd !== undefined && (typeof v.costUsd !== "number" || !Number.isFinite(v.costUsd) || v.costUsd < 0)) return R;
    if (v.type !== "usage") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["todo.updated", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x128 = v.todos;
    if (!Array.isArray(x128)) return R;
    for (let i129 = 0; i129 < x128.length; i129 += 1) {
      const e130 = x128[i129];
      if (typeof e130 !== "object" || e130 === null || Array.isArray(e130)) return R;
      if (typeof e130.content !== "string") return R;
      if (!c[4].has(e130.status)) return R;
      if (e130.note !== undefined && (typeof e130.note !== "string")) return R;
    }
    if (v.type !== "todo.updated") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["context.compacted", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.summary !== "string") return R;
    if (typeof v.replaced !== "number" || !Number.isSafeInteger(v.replaced) || v.replaced < 0) return R;
    if (typeof v.kept !== "number" || !Number.isSafeInteger(v.kept) || v.kept < 0) return R;
    if (!c[5].has(v.mode)) return R;
    if (!c[6].has(v.trigger)) return R;
    if (typeof v.tokensBefore !== "number" || !Number.isSafeInteger(v.tokensBefore) || v.tokensBefore < 0) return R;
    if (typeof v.tokensAfter !== "number" || !Number.isSafeInteger(v.tokensAfter) || v.tokensAfter < 0) return R;
    const x146 = v.filesRead;
    if (!Array.isArray(x146)) return R;
    for (let i147 = 0; i147 < x146.length; i147 += 1) {
      const e148 = x146[i147];
      if (typeof e148 !== "string") return R;
    }
    const x149 = v.filesChanged;
    if (!Array.isArray(x149)) return R;
    for (let i150 = 0; i150 < x149.length; i150 += 1) {
      const e151 = x149[i150];
      if (typeof e151 !== "string") return R;
    }
    if (v.request !== undefined && (typeof v.request !== "string")) return R;
    if (v.reason !== undefined && (typeof v.reason !== "string")) return R;
    if (v.instructions !== undefined && (typeof v.instructions !== "string")) return R;
    const x155 = v.elided;
    if (x155 !== undefined) {
      if (!Array.isArray(x155)) return R;
      for (let i156 = 0; i156 < x155.length; i156 += 1) {
        const e157 = x155[i156];
        if (typeof e157 !== "object" || e157 === null || Array.isArray(e157)) return R;
        if (typeof e157.callId !== "string") return R;
        if (typeof e157.chars !== "number" || !Number.isSafeInteger(e157.chars) || e157.chars <= 0) return R;
      }
    }
    if (v.type !== "context.compacted") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["retry", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.attempt !== "number" || !Number.isSafeInteger(v.attempt) || v.attempt <= 0) return R;
    if (typeof v.delayMs !== "number" || !Number.isSafeInteger(v.delayMs) || v.delayMs < 0) return R;
    if (typeof v.reason !== "string") return R;
    if (v.type !== "retry") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["error", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (!c[7].has(v.kind)) return R;
    if (typeof v.message !== "string") return R;
    if (v.type !== "error") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["prompt.queued", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.id !== "string") return R;
    if (typeof v.prompt !== "string") return R;
    if (v.type !== "prompt.queued") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["prompt.dequeued", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.id !== "string") return R;
    if (v.type !== "prompt.dequeued") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["prompt.dropped", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.id !== "string") return R;
    if (typeof v.reason !== "string") return R;
    if (v.type !== "prompt.dropped") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["notice", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (!c[8].has(v.level)) return R;
    if (typeof v.message !== "string") return R;
    if (v.type !== "notice") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["question.asked", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.id !== "string") return R;
    if (v.callId !== undefined && (typeof v.callId !== "string")) return R;
    if (typeof v.question !== "string") return R;
    const x210 = v.options;
    if (x210 !== undefined) {
      if (!Array.isArray(x210)) return R;
      for (let i211 = 0; i211 < x210.length; i211 += 1) {
        const e212 = x210[i211];
        if (typeof e212 !== "object" || e212 === null || Array.isArray(e212)) return R;
        if (typeof e212.label !== "string") return R;
        if (e212.detail !== undefined && (typeof e212.detail !== "string")) return R;
      }
    }
    if (typeof v.multiple !== "boolean") return R;
    if (v.type !== "question.asked") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["question.answered", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.id !== "string") return R;
    const x222 = v.choices;
    if (x222 !== undefined) {
      if (!Array.isArray(x222)) return R;
      for (let i223 = 0; i223 < x222.length; i223 += 1) {
        const e224 = x222[i223];
        if (typeof e224 !== "string") return R;
      }
    }
    if (v.text !== undefined && (typeof v.text !== "string")) return R;
    if (v.dismissed !== undefined && (typeof v.dismissed !== "boolean")) return R;
    if (v.type !== "question.answered") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["model.changed", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.provider !== "string") return R;
    if (typeof v.model !== "string") return R;
    if (v.type !== "model.changed") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["thinking.changed", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (!c[9].has(v.level)) return R;
    if (v.type !== "thinking.changed") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["context.cleared", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (v.type !== "context.cleared") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["checkpoint.created", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (v.turnId !== undefined && (typeof v.turnId !== "string")) return R;
    if (!c[10].has(v.reason)) return R;
    if (typeof v.commit !== "string") return R;
    if (typeof v.files !== "number" || !Number.isSafeInteger(v.files) || v.files < 0) return R;
    if (v.type !== "checkpoint.created") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["workspace.restored", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.checkpoint !== "number" || !Number.isSafeInteger(v.checkpoint) || v.checkpoint <= 0) return R;
    if (typeof v.commit !== "string") return R;
    const x261 = v.files;
    if (!Array.isArray(x261)) return R;
    for (let i262 = 0; i262 < x261.length; i262 += 1) {
      const e263 = x261[i262];
      if (typeof e263 !== "string") return R;
    }
    if (typeof v.more !== "number" || !Number.isSafeInteger(v.more) || v.more < 0) return R;
    if (v.type !== "workspace.restored") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["turn.ended", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.turnId !== "string") return R;
    if (!c[11].has(v.stopReason)) return R;
    if (typeof v.rounds !== "number" || !Number.isSafeInteger(v.rounds) || v.rounds < 0) return R;
    if (v.type !== "turn.ended") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["memory.changed", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (!c[12].has(v.action)) return R;
    if (typeof v.id !== "string") return R;
    if (typeof v.note !== "string") return R;
    if (typeof v.sessionId !== "string") return R;
    if (v.turnId !== undefined && (typeof v.turnId !== "string")) return R;
    if (v.type !== "memory.changed") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
]);
