// Generated from src/engine/events.ts by `npm run gen:schemas`: do not edit.
// One check per event type (lean-check.ts): the line's own object if it fits its schema, else REJECTED.
/* eslint-disable */
import { REJECTED as R } from "../wire/lean-parse.js";

const hasOwn = Object.hasOwn;
const c = [new Set(["thinking","text","call"]), new Set(["stop","tool_calls","length","content_filter","aborted","error"]), new Set(["allow","deny"]), new Set(["rule","memory","flag","user"]), new Set(["stdout","stderr"]), new Set(["pending","in_progress","done","blocked"]), new Set(["summary","dropped","elided"]), new Set(["auto","overflow","manual"]), new Set(["auto","overflow","manual"]), new Set(["provider","auth","context_length","stream","tool","wire","internal"]), new Set(["info","warn","error"]), new Set(["off","low","medium","high","max"]), new Set(["turn","undo"]), new Set(["completed","max_rounds","aborted","error","interrupted"]), new Set(["remembered","forgot"])] as const;

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
    const x13 = v.images;
    if (x13 !== undefined) {
      if (!Array.isArray(x13)) return R;
      for (let i14 = 0; i14 < x13.length; i14 += 1) {
        const e15 = x13[i14];
        if (typeof e15 !== "object" || e15 === null || Array.isArray(e15)) return R;
        if (typeof e15.mediaType !== "string") return R;
        if (typeof e15.base64 !== "string") return R;
      }
    }
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
    const x58 = v.thinking;
    if (x58 !== undefined) {
      if (!Array.isArray(x58)) return R;
      for (let i59 = 0; i59 < x58.length; i59 += 1) {
        const e60 = x58[i59];
        if (typeof e60 !== "object" || e60 === null || Array.isArray(e60)) return R;
        if (e60.text !== undefined && (typeof e60.text !== "string")) return R;
        if (e60.signature !== undefined && (typeof e60.signature !== "string")) return R;
        if (e60.redacted !== undefined && (typeof e60.redacted !== "string")) return R;
      }
    }
    const x64 = v.toolCalls;
    if (!Array.isArray(x64)) return R;
    for (let i65 = 0; i65 < x64.length; i65 += 1) {
      const e66 = x64[i65];
      if (typeof e66 !== "object" || e66 === null || Array.isArray(e66)) return R;
      if (typeof e66.callId !== "string") return R;
      if (typeof e66.name !== "string") return R;
      if (typeof e66.arguments !== "string") return R;
    }
    const x70 = v.order;
    if (x70 !== undefined) {
      if (!Array.isArray(x70)) return R;
      for (let i71 = 0; i71 < x70.length; i71 += 1) {
        const e72 = x70[i71];
        if (typeof e72 !== "object" || e72 === null || Array.isArray(e72)) return R;
        if (!c[0].has(e72.kind)) return R;
        if (e72.length !== undefined && (typeof e72.length !== "number" || !Number.isSafeInteger(e72.length) || e72.length < 0)) return R;
      }
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
    if (!c[1].has(v.finishReason)) return R;
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
    if (!c[2].has(v.decision)) return R;
    if (!c[3].has(v.by)) return R;
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
    if (!c[4].has(v.stream)) return R;
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
    const x127 = v.images;
    if (x127 !== undefined) {
      if (!Array.isArray(x127)) return R;
      for (let i128 = 0; i128 < x127.length; i128 += 1) {
        const e129 = x127[i128];
        if (typeof e129 !== "object" || e129 === null || Array.isArray(e129)) return R;
        if (typeof e129.mediaType !== "string") return R;
        if (typeof e129.base64 !== "string") return R;
      }
    }
    const x132 = v.details;
    if (x132 !== undefined) {
      if (typeof x132 !== "object" || x132 === null || Array.isArray(x132)) return R;
      if (x132.path !== undefined && (typeof x132.path !== "string")) return R;
      if (x132.diff !== undefined && (typeof x132.diff !== "string")) return R;
      if (x132.linesAdded !== undefined && (typeof x132.linesAdded !== "number" || !Number.isSafeInteger(x132.linesAdded) || x132.linesAdded < 0)) return R;
      if (x132.linesRemoved !== undefined && (typeof x132.linesRemoved !== "number" || !Number.isSafeInteger(x132.linesRemoved) || x132.linesRemoved < 0)) return R;
      const x137 = x132.exitCode;
      if (x137 !== undefined) {
        if (x137 !== null) {
          if (typeof x137 !== "number" || !Number.isSafeInteger(x137)) return R;
        }
      }
      const x138 = x132.signal;
      if (x138 !== undefined) {
        if (x138 !== null) {
          if (typeof x138 !== "string") return R;
        }
      }
      if (x132.timedOut !== undefined && (typeof x132.timedOut !== "boolean")) return R;
      if (x132.taskId !== undefined && (typeof x132.taskId !== "string")) return R;
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
    const x157 = v.todos;
    if (!Array.isArray(x157)) return R;
    for (let i158 = 0; i158 < x157.length; i158 += 1) {
      const e159 = x157[i158];
      if (typeof e159 !== "object" || e159 === null || Array.isArray(e159)) return R;
      if (typeof e159.content !== "string") return R;
      if (!c[5].has(e159.status)) return R;
      if (e159.note !== undefined && (typeof e159.note !== "string")) return R;
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
    if (!c[6].has(v.mode)) return R;
    if (!c[7].has(v.trigger)) return R;
    if (typeof v.tokensBefore !== "number" || !Number.isSafeInteger(v.tokensBefore) || v.tokensBefore < 0) return R;
    if (typeof v.tokensAfter !== "number" || !Number.isSafeInteger(v.tokensAfter) || v.tokensAfter < 0) return R;
    const x175 = v.filesRead;
    if (!Array.isArray(x175)) return R;
    for (let i176 = 0; i176 < x175.length; i176 += 1) {
      const e177 = x175[i176];
      if (typeof e177 !== "string") return R;
    }
    const x178 = v.filesChanged;
    if (!Array.isArray(x178)) return R;
    for (let i179 = 0; i179 < x178.length; i179 += 1) {
      const e180 = x178[i179];
      if (typeof e180 !== "string") return R;
    }
    if (v.modelSummary !== undefined && (typeof v.modelSummary !== "string")) return R;
    const x182 = v.requests;
    if (x182 !== undefined) {
      if (!Array.isArray(x182)) return R;
      for (let i183 = 0; i183 < x182.length; i183 += 1) {
        const e184 = x182[i183];
        if (typeof e184 !== "string") return R;
      }
    }
    if (v.request !== undefined && (typeof v.request !== "string")) return R;
    if (v.reason !== undefined && (typeof v.reason !== "string")) return R;
    if (v.instructions !== undefined && (typeof v.instructions !== "string")) return R;
    const x188 = v.elided;
    if (x188 !== undefined) {
      if (!Array.isArray(x188)) return R;
      for (let i189 = 0; i189 < x188.length; i189 += 1) {
        const e190 = x188[i189];
        if (typeof e190 !== "object" || e190 === null || Array.isArray(e190)) return R;
        if (typeof e190.callId !== "string") return R;
        if (typeof e190.chars !== "number" || !Number.isSafeInteger(e190.chars) || e190.chars <= 0) return R;
        if (e190.part !== undefined && (e190.part !== "arguments")) return R;
      }
    }
    if (v.type !== "context.compacted") return R;
    if (typeof v.seq !== "number" || !Number.isSafeInteger(v.seq) || v.seq <= 0) return R;
    if (typeof v.ts !== "string") return R;
    if (v.agentId !== undefined && (typeof v.agentId !== "string")) return R;
    if (v.parentCallId !== undefined && (typeof v.parentCallId !== "string")) return R;
    return v;
  }],
  ["context.compacting", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    if (!c[8].has(v.trigger)) return R;
    if (v.type !== "context.compacting") return R;
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
    if (!c[9].has(v.kind)) return R;
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
    if (!c[10].has(v.level)) return R;
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
    const x250 = v.options;
    if (x250 !== undefined) {
      if (!Array.isArray(x250)) return R;
      for (let i251 = 0; i251 < x250.length; i251 += 1) {
        const e252 = x250[i251];
        if (typeof e252 !== "object" || e252 === null || Array.isArray(e252)) return R;
        if (typeof e252.label !== "string") return R;
        if (e252.detail !== undefined && (typeof e252.detail !== "string")) return R;
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
    const x262 = v.choices;
    if (x262 !== undefined) {
      if (!Array.isArray(x262)) return R;
      for (let i263 = 0; i263 < x262.length; i263 += 1) {
        const e264 = x262[i263];
        if (typeof e264 !== "string") return R;
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
    if (!c[11].has(v.level)) return R;
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
    if (!c[12].has(v.reason)) return R;
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
    const x301 = v.files;
    if (!Array.isArray(x301)) return R;
    for (let i302 = 0; i302 < x301.length; i302 += 1) {
      const e303 = x301[i302];
      if (typeof e303 !== "string") return R;
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
    if (!c[13].has(v.stopReason)) return R;
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
    if (!c[14].has(v.action)) return R;
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
