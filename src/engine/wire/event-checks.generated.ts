// Generated from src/engine/events.ts by `npm run gen:schemas`: do not edit.
// One check per event type (lean-check.ts): the line's own object if it fits its schema, else REJECTED.
/* eslint-disable */
import { REJECTED as R } from "../wire/lean-parse.js";

const hasOwn = Object.hasOwn;
const c = [new Set(["stop","tool_calls","length","content_filter","aborted","error"]), new Set(["allow","deny"]), new Set(["rule","memory","flag","user"]), new Set(["stdout","stderr"]), new Set(["pending","in_progress","done","blocked"]), new Set(["summary","dropped","elided"]), new Set(["auto","overflow","manual"]), new Set(["provider","auth","context_length","stream","tool","wire","internal"]), new Set(["info","warn","error"]), new Set(["off","low","medium","high","max"]), new Set(["turn","undo"]), new Set(["completed","max_rounds","aborted","error","interrupted"]), new Set(["remembered","forgot"])] as const;

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
  ["assistant.message", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (typeof v.text !== "string") return R;
    const x53 = v.thinking;
    if (x53 !== undefined) {
      if (!Array.isArray(x53)) return R;
      for (let i54 = 0; i54 < x53.length; i54 += 1) {
        const e55 = x53[i54];
        if (typeof e55 !== "object" || e55 === null || Array.isArray(e55)) return R;
        if (e55.text !== undefined && (typeof e55.text !== "string")) return R;
        if (e55.signature !== undefined && (typeof e55.signature !== "string")) return R;
        if (e55.redacted !== undefined && (typeof e55.redacted !== "string")) return R;
      }
    }
    const x59 = v.toolCalls;
    if (!Array.isArray(x59)) return R;
    for (let i60 = 0; i60 < x59.length; i60 += 1) {
      const e61 = x59[i60];
      if (typeof e61 !== "object" || e61 === null || Array.isArray(e61)) return R;
      if (typeof e61.callId !== "string") return R;
      if (typeof e61.name !== "string") return R;
      if (typeof e61.arguments !== "string") return R;
    }
    if (v.partial !== undefined && (typeof v.partial !== "boolean")) return R;
    if (v.type !== "assistant.message") return R;
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
    const x117 = v.images;
    if (x117 !== undefined) {
      if (!Array.isArray(x117)) return R;
      for (let i118 = 0; i118 < x117.length; i118 += 1) {
        const e119 = x117[i118];
        if (typeof e119 !== "object" || e119 === null || Array.isArray(e119)) return R;
        if (typeof e119.mediaType !== "string") return R;
        if (typeof e119.base64 !== "string") return R;
      }
    }
    const x122 = v.details;
    if (x122 !== undefined) {
      if (typeof x122 !== "object" || x122 === null || Array.isArray(x122)) return R;
      if (x122.path !== undefined && (typeof x122.path !== "string")) return R;
      if (x122.diff !== undefined && (typeof x122.diff !== "string")) return R;
      if (x122.linesAdded !== undefined && (typeof x122.linesAdded !== "number" || !Number.isSafeInteger(x122.linesAdded) || x122.linesAdded < 0)) return R;
      if (x122.linesRemoved !== undefined && (typeof x122.linesRemoved !== "number" || !Number.isSafeInteger(x122.linesRemoved) || x122.linesRemoved < 0)) return R;
      const x127 = x122.exitCode;
      if (x127 !== undefined) {
        if (x127 !== null) {
          if (typeof x127 !== "number" || !Number.isSafeInteger(x127)) return R;
        }
      }
      const x128 = x122.signal;
      if (x128 !== undefined) {
        if (x128 !== null) {
          if (typeof x128 !== "string") return R;
        }
      }
      if (x122.timedOut !== undefined && (typeof x122.timedOut !== "boolean")) return R;
      if (x122.taskId !== undefined && (typeof x122.taskId !== "string")) return R;
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
    const x147 = v.todos;
    if (!Array.isArray(x147)) return R;
    for (let i148 = 0; i148 < x147.length; i148 += 1) {
      const e149 = x147[i148];
      if (typeof e149 !== "object" || e149 === null || Array.isArray(e149)) return R;
      if (typeof e149.content !== "string") return R;
      if (!c[4].has(e149.status)) return R;
      if (e149.note !== undefined && (typeof e149.note !== "string")) return R;
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
    const x165 = v.filesRead;
    if (!Array.isArray(x165)) return R;
    for (let i166 = 0; i166 < x165.length; i166 += 1) {
      const e167 = x165[i166];
      if (typeof e167 !== "string") return R;
    }
    const x168 = v.filesChanged;
    if (!Array.isArray(x168)) return R;
    for (let i169 = 0; i169 < x168.length; i169 += 1) {
      const e170 = x168[i169];
      if (typeof e170 !== "string") return R;
    }
    if (v.request !== undefined && (typeof v.request !== "string")) return R;
    if (v.reason !== undefined && (typeof v.reason !== "string")) return R;
    if (v.instructions !== undefined && (typeof v.instructions !== "string")) return R;
    const x174 = v.elided;
    if (x174 !== undefined) {
      if (!Array.isArray(x174)) return R;
      for (let i175 = 0; i175 < x174.length; i175 += 1) {
        const e176 = x174[i175];
        if (typeof e176 !== "object" || e176 === null || Array.isArray(e176)) return R;
        if (typeof e176.callId !== "string") return R;
        if (typeof e176.chars !== "number" || !Number.isSafeInteger(e176.chars) || e176.chars <= 0) return R;
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
    const x229 = v.options;
    if (x229 !== undefined) {
      if (!Array.isArray(x229)) return R;
      for (let i230 = 0; i230 < x229.length; i230 += 1) {
        const e231 = x229[i230];
        if (typeof e231 !== "object" || e231 === null || Array.isArray(e231)) return R;
        if (typeof e231.label !== "string") return R;
        if (e231.detail !== undefined && (typeof e231.detail !== "string")) return R;
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
    const x241 = v.choices;
    if (x241 !== undefined) {
      if (!Array.isArray(x241)) return R;
      for (let i242 = 0; i242 < x241.length; i242 += 1) {
        const e243 = x241[i242];
        if (typeof e243 !== "string") return R;
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
    const x280 = v.files;
    if (!Array.isArray(x280)) return R;
    for (let i281 = 0; i281 < x280.length; i281 += 1) {
      const e282 = x280[i281];
      if (typeof e282 !== "string") return R;
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
