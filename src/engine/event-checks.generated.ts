// Generated from src/engine/events.ts by `npm run gen:schemas`: do not edit.
// One check per event type (lean-check.ts): the line's own object if it fits its schema, else REJECTED.
/* eslint-disable */
import { REJECTED as R } from "./lean-parse.js";

const hasOwn = Object.hasOwn;
const c = [new Set(["stop","tool_calls","length","content_filter","aborted","error"]), new Set(["allow","deny"]), new Set(["rule","memory","flag","user"]), new Set(["stdout","stderr"]), new Set(["pending","in_progress","done","blocked"]), new Set(["summary","dropped"]), new Set(["auto","overflow","manual"]), new Set(["provider","auth","context_length","stream","tool","wire","internal"]), new Set(["info","warn","error"]), new Set(["off","low","medium","high","max"]), new Set(["turn","undo"]), new Set(["completed","max_rounds","aborted","error"])] as const;

// `any`: each check reads the fields of whatever JSON.parse made, and typeof tests each one.
export const EVENT_CHECKS: ReadonlyMap<string, (v: any) => unknown> = new Map<string, (v: any) => unknown>([
  ["session.started", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x1 = v.sessionId;
    if (typeof x1 !== "string") return R;
    const x2 = v.cwd;
    if (typeof x2 !== "string") return R;
    const x3 = v.provider;
    if (typeof x3 !== "string") return R;
    const x4 = v.model;
    if (typeof x4 !== "string") return R;
    const x5 = v.resumed;
    if (typeof x5 !== "boolean") return R;
    const x6 = v.type;
    if (x6 !== "session.started") return R;
    const x7 = v.seq;
    if (typeof x7 !== "number" || !Number.isSafeInteger(x7)) return R;
    if (x7 <= 0) return R;
    const x8 = v.ts;
    if (typeof x8 !== "string") return R;
    const x9 = v.agentId;
    if (x9 !== undefined) {
      if (typeof x9 !== "string") return R;
    }
    const x10 = v.parentCallId;
    if (x10 !== undefined) {
      if (typeof x10 !== "string") return R;
    }
    return v;
  }],
  ["turn.started", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x11 = v.turnId;
    if (typeof x11 !== "string") return R;
    const x12 = v.prompt;
    if (typeof x12 !== "string") return R;
    const x13 = v.type;
    if (x13 !== "turn.started") return R;
    const x14 = v.seq;
    if (typeof x14 !== "number" || !Number.isSafeInteger(x14)) return R;
    if (x14 <= 0) return R;
    const x15 = v.ts;
    if (typeof x15 !== "string") return R;
    const x16 = v.agentId;
    if (x16 !== undefined) {
      if (typeof x16 !== "string") return R;
    }
    const x17 = v.parentCallId;
    if (x17 !== undefined) {
      if (typeof x17 !== "string") return R;
    }
    return v;
  }],
  ["step.started", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x18 = v.round;
    if (typeof x18 !== "number" || !Number.isSafeInteger(x18)) return R;
    if (x18 <= 0) return R;
    const x19 = v.type;
    if (x19 !== "step.started") return R;
    const x20 = v.seq;
    if (typeof x20 !== "number" || !Number.isSafeInteger(x20)) return R;
    if (x20 <= 0) return R;
    const x21 = v.ts;
    if (typeof x21 !== "string") return R;
    const x22 = v.agentId;
    if (x22 !== undefined) {
      if (typeof x22 !== "string") return R;
    }
    const x23 = v.parentCallId;
    if (x23 !== undefined) {
      if (typeof x23 !== "string") return R;
    }
    return v;
  }],
  ["assistant.delta", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x24 = v.text;
    if (typeof x24 !== "string") return R;
    const x25 = v.type;
    if (x25 !== "assistant.delta") return R;
    const x26 = v.seq;
    if (typeof x26 !== "number" || !Number.isSafeInteger(x26)) return R;
    if (x26 <= 0) return R;
    const x27 = v.ts;
    if (typeof x27 !== "string") return R;
    const x28 = v.agentId;
    if (x28 !== undefined) {
      if (typeof x28 !== "string") return R;
    }
    const x29 = v.parentCallId;
    if (x29 !== undefined) {
      if (typeof x29 !== "string") return R;
    }
    return v;
  }],
  ["thinking.delta", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x30 = v.text;
    if (typeof x30 !== "string") return R;
    const x31 = v.signature;
    if (x31 !== undefined) {
      if (typeof x31 !== "string") return R;
    }
    const x32 = v.newBlock;
    if (x32 !== undefined) {
      if (typeof x32 !== "boolean") return R;
    }
    const x33 = v.type;
    if (x33 !== "thinking.delta") return R;
    const x34 = v.seq;
    if (typeof x34 !== "number" || !Number.isSafeInteger(x34)) return R;
    if (x34 <= 0) return R;
    const x35 = v.ts;
    if (typeof x35 !== "string") return R;
    const x36 = v.agentId;
    if (x36 !== undefined) {
      if (typeof x36 !== "string") return R;
    }
    const x37 = v.parentCallId;
    if (x37 !== undefined) {
      if (typeof x37 !== "string") return R;
    }
    return v;
  }],
  ["thinking.redacted", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x38 = v.data;
    if (typeof x38 !== "string") return R;
    const x39 = v.type;
    if (x39 !== "thinking.redacted") return R;
    const x40 = v.seq;
    if (typeof x40 !== "number" || !Number.isSafeInteger(x40)) return R;
    if (x40 <= 0) return R;
    const x41 = v.ts;
    if (typeof x41 !== "string") return R;
    const x42 = v.agentId;
    if (x42 !== undefined) {
      if (typeof x42 !== "string") return R;
    }
    const x43 = v.parentCallId;
    if (x43 !== undefined) {
      if (typeof x43 !== "string") return R;
    }
    return v;
  }],
  ["tool.call", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x44 = v.callId;
    if (typeof x44 !== "string") return R;
    const x45 = v.name;
    if (typeof x45 !== "string") return R;
    const x46 = v.arguments;
    if (typeof x46 !== "string") return R;
    const x47 = v.type;
    if (x47 !== "tool.call") return R;
    const x48 = v.seq;
    if (typeof x48 !== "number" || !Number.isSafeInteger(x48)) return R;
    if (x48 <= 0) return R;
    const x49 = v.ts;
    if (typeof x49 !== "string") return R;
    const x50 = v.agentId;
    if (x50 !== undefined) {
      if (typeof x50 !== "string") return R;
    }
    const x51 = v.parentCallId;
    if (x51 !== undefined) {
      if (typeof x51 !== "string") return R;
    }
    return v;
  }],
  ["step.ended", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x52 = v.round;
    if (typeof x52 !== "number" || !Number.isSafeInteger(x52)) return R;
    if (x52 <= 0) return R;
    const x53 = v.finishReason;
    if (!c[0].has(x53)) return R;
    const x54 = v.type;
    if (x54 !== "step.ended") return R;
    const x55 = v.seq;
    if (typeof x55 !== "number" || !Number.isSafeInteger(x55)) return R;
    if (x55 <= 0) return R;
    const x56 = v.ts;
    if (typeof x56 !== "string") return R;
    const x57 = v.agentId;
    if (x57 !== undefined) {
      if (typeof x57 !== "string") return R;
    }
    const x58 = v.parentCallId;
    if (x58 !== undefined) {
      if (typeof x58 !== "string") return R;
    }
    return v;
  }],
  ["approval.request", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x59 = v.id;
    if (x59 !== undefined) {
      if (typeof x59 !== "string") return R;
    }
    const x60 = v.callId;
    if (typeof x60 !== "string") return R;
    const x61 = v.name;
    if (typeof x61 !== "string") return R;
    const x62 = v.reason;
    if (typeof x62 !== "string") return R;
    const x63 = v.preview;
    if (x63 !== undefined) {
      if (typeof x63 !== "string") return R;
    }
    const x64 = v.uncommittedChanges;
    if (x64 !== undefined) {
      if (typeof x64 !== "boolean") return R;
    }
    const x65 = v.critical;
    if (x65 !== undefined) {
      if (typeof x65 !== "boolean") return R;
    }
    const x66 = v.scope;
    if (x66 !== undefined) {
      if (typeof x66 !== "string") return R;
    }
    const x67 = v.type;
    if (x67 !== "approval.request") return R;
    const x68 = v.seq;
    if (typeof x68 !== "number" || !Number.isSafeInteger(x68)) return R;
    if (x68 <= 0) return R;
    const x69 = v.ts;
    if (typeof x69 !== "string") return R;
    const x70 = v.agentId;
    if (x70 !== undefined) {
      if (typeof x70 !== "string") return R;
    }
    const x71 = v.parentCallId;
    if (x71 !== undefined) {
      if (typeof x71 !== "string") return R;
    }
    return v;
  }],
  ["approval.decision", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x72 = v.id;
    if (x72 !== undefined) {
      if (typeof x72 !== "string") return R;
    }
    const x73 = v.callId;
    if (typeof x73 !== "string") return R;
    const x74 = v.name;
    if (typeof x74 !== "string") return R;
    const x75 = v.decision;
    if (!c[1].has(x75)) return R;
    const x76 = v.by;
    if (!c[2].has(x76)) return R;
    const x77 = v.reason;
    if (typeof x77 !== "string") return R;
    const x78 = v.always;
    if (x78 !== undefined) {
      if (typeof x78 !== "boolean") return R;
    }
    const x79 = v.scope;
    if (x79 !== undefined) {
      if (typeof x79 !== "string") return R;
    }
    const x80 = v.note;
    if (x80 !== undefined) {
      if (typeof x80 !== "string") return R;
    }
    const x81 = v.type;
    if (x81 !== "approval.decision") return R;
    const x82 = v.seq;
    if (typeof x82 !== "number" || !Number.isSafeInteger(x82)) return R;
    if (x82 <= 0) return R;
    const x83 = v.ts;
    if (typeof x83 !== "string") return R;
    const x84 = v.agentId;
    if (x84 !== undefined) {
      if (typeof x84 !== "string") return R;
    }
    const x85 = v.parentCallId;
    if (x85 !== undefined) {
      if (typeof x85 !== "string") return R;
    }
    return v;
  }],
  ["tool.output", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x86 = v.callId;
    if (typeof x86 !== "string") return R;
    const x87 = v.stream;
    if (!c[3].has(x87)) return R;
    const x88 = v.chunk;
    if (typeof x88 !== "string") return R;
    const x89 = v.type;
    if (x89 !== "tool.output") return R;
    const x90 = v.seq;
    if (typeof x90 !== "number" || !Number.isSafeInteger(x90)) return R;
    if (x90 <= 0) return R;
    const x91 = v.ts;
    if (typeof x91 !== "string") return R;
    const x92 = v.agentId;
    if (x92 !== undefined) {
      if (typeof x92 !== "string") return R;
    }
    const x93 = v.parentCallId;
    if (x93 !== undefined) {
      if (typeof x93 !== "string") return R;
    }
    return v;
  }],
  ["tool.result", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x94 = v.callId;
    if (typeof x94 !== "string") return R;
    const x95 = v.name;
    if (typeof x95 !== "string") return R;
    const x96 = v.content;
    if (typeof x96 !== "string") return R;
    const x97 = v.isError;
    if (typeof x97 !== "boolean") return R;
    const x98 = v.images;
    if (x98 !== undefined) {
      if (!Array.isArray(x98)) return R;
      for (let i99 = 0; i99 < x98.length; i99 += 1) {
        const e100 = x98[i99];
        if (typeof e100 !== "object" || e100 === null || Array.isArray(e100)) return R;
        const x101 = e100.mediaType;
        if (typeof x101 !== "string") return R;
        const x102 = e100.base64;
        if (typeof x102 !== "string") return R;
      }
    }
    const x103 = v.details;
    if (x103 !== undefined) {
      if (typeof x103 !== "object" || x103 === null || Array.isArray(x103)) return R;
      const x104 = x103.path;
      if (x104 !== undefined) {
        if (typeof x104 !== "string") return R;
      }
      const x105 = x103.diff;
      if (x105 !== undefined) {
        if (typeof x105 !== "string") return R;
      }
      const x106 = x103.linesAdded;
      if (x106 !== undefined) {
        if (typeof x106 !== "number" || !Number.isSafeInteger(x106)) return R;
        if (x106 < 0) return R;
      }
      const x107 = x103.linesRemoved;
      if (x107 !== undefined) {
        if (typeof x107 !== "number" || !Number.isSafeInteger(x107)) return R;
        if (x107 < 0) return R;
      }
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
      const x110 = x103.timedOut;
      if (x110 !== undefined) {
        if (typeof x110 !== "boolean") return R;
      }
      const x111 = x103.taskId;
      if (x111 !== undefined) {
        if (typeof x111 !== "string") return R;
      }
    }
    const x112 = v.type;
    if (x112 !== "tool.result") return R;
    const x113 = v.seq;
    if (typeof x113 !== "number" || !Number.isSafeInteger(x113)) return R;
    if (x113 <= 0) return R;
    const x114 = v.ts;
    if (typeof x114 !== "string") return R;
    const x115 = v.agentId;
    if (x115 !== undefined) {
      if (typeof x115 !== "string") return R;
    }
    const x116 = v.parentCallId;
    if (x116 !== undefined) {
      if (typeof x116 !== "string") return R;
    }
    return v;
  }],
  ["usage", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x117 = v.inputTokens;
    if (typeof x117 !== "number" || !Number.isSafeInteger(x117)) return R;
    if (x117 < 0) return R;
    const x118 = v.outputTokens;
    if (typeof x118 !== "number" || !Number.isSafeInteger(x118)) return R;
    if (x118 < 0) return R;
    const x119 = v.cacheReadTokens;
    if (x119 !== undefined) {
      if (typeof x119 !== "number" || !Number.isSafeInteger(x119)) return R;
      if (x119 < 0) return R;
    }
    const x120 = v.cacheWriteTokens;
    if (x120 !== undefined) {
      if (typeof x120 !== "number" || !Number.isSafeInteger(x120)) return R;
      if (x120 < 0) return R;
    }
    const x121 = v.reasoningTokens;
    if (x121 !== undefined) {
      if (typeof x121 !== "number" || !Number.isSafeInteger(x121)) return R;
      if (x121 < 0) return R;
    }
    const x122 = v.costUsd;
    if (x122 !== undefined) {
      if (typeof x122 !== "number" || !Number.isFinite(x122)) return R;
      if (x122 < 0) return R;
    }
    const x123 = v.type;
    if (x123 !== "usage") return R;
    const x124 = v.seq;
    if (typeof x124 !== "number" || !Number.isSafeInteger(x124)) return R;
    if (x124 <= 0) return R;
    const x125 = v.ts;
    if (typeof x125 !== "string") return R;
    const x126 = v.agentId;
    if (x126 !== undefined) {
      if (typeof x126 !== "string") return R;
    }
    const x127 = v.parentCallId;
    if (x127 !== undefined) {
      if (typeof x127 !== "string") return R;
    }
    return v;
  }],
  ["todo.updated", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x128 = v.todos;
    if (!Array.isArray(x128)) return R;
    for (let i129 = 0; i129 < x128.length; i129 += 1) {
      const e130 = x128[i129];
      if (typeof e130 !== "object" || e130 === null || Array.isArray(e130)) return R;
      const x131 = e130.content;
      if (typeof x131 !== "string") return R;
      const x132 = e130.status;
      if (!c[4].has(x132)) return R;
      const x133 = e130.note;
      if (x133 !== undefined) {
        if (typeof x133 !== "string") return R;
      }
    }
    const x134 = v.type;
    if (x134 !== "todo.updated") return R;
    const x135 = v.seq;
    if (typeof x135 !== "number" || !Number.isSafeInteger(x135)) return R;
    if (x135 <= 0) return R;
    const x136 = v.ts;
    if (typeof x136 !== "string") return R;
    const x137 = v.agentId;
    if (x137 !== undefined) {
      if (typeof x137 !== "string") return R;
    }
    const x138 = v.parentCallId;
    if (x138 !== undefined) {
      if (typeof x138 !== "string") return R;
    }
    return v;
  }],
  ["context.compacted", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x139 = v.summary;
    if (typeof x139 !== "string") return R;
    const x140 = v.replaced;
    if (typeof x140 !== "number" || !Number.isSafeInteger(x140)) return R;
    if (x140 < 0) return R;
    const x141 = v.kept;
    if (typeof x141 !== "number" || !Number.isSafeInteger(x141)) return R;
    if (x141 < 0) return R;
    const x142 = v.mode;
    if (!c[5].has(x142)) return R;
    const x143 = v.trigger;
    if (!c[6].has(x143)) return R;
    const x144 = v.tokensBefore;
    if (typeof x144 !== "number" || !Number.isSafeInteger(x144)) return R;
    if (x144 < 0) return R;
    const x145 = v.tokensAfter;
    if (typeof x145 !== "number" || !Number.isSafeInteger(x145)) return R;
    if (x145 < 0) return R;
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
    const x152 = v.request;
    if (x152 !== undefined) {
      if (typeof x152 !== "string") return R;
    }
    const x153 = v.reason;
    if (x153 !== undefined) {
      if (typeof x153 !== "string") return R;
    }
    const x154 = v.instructions;
    if (x154 !== undefined) {
      if (typeof x154 !== "string") return R;
    }
    const x155 = v.type;
    if (x155 !== "context.compacted") return R;
    const x156 = v.seq;
    if (typeof x156 !== "number" || !Number.isSafeInteger(x156)) return R;
    if (x156 <= 0) return R;
    const x157 = v.ts;
    if (typeof x157 !== "string") return R;
    const x158 = v.agentId;
    if (x158 !== undefined) {
      if (typeof x158 !== "string") return R;
    }
    const x159 = v.parentCallId;
    if (x159 !== undefined) {
      if (typeof x159 !== "string") return R;
    }
    return v;
  }],
  ["retry", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x160 = v.attempt;
    if (typeof x160 !== "number" || !Number.isSafeInteger(x160)) return R;
    if (x160 <= 0) return R;
    const x161 = v.delayMs;
    if (typeof x161 !== "number" || !Number.isSafeInteger(x161)) return R;
    if (x161 < 0) return R;
    const x162 = v.reason;
    if (typeof x162 !== "string") return R;
    const x163 = v.type;
    if (x163 !== "retry") return R;
    const x164 = v.seq;
    if (typeof x164 !== "number" || !Number.isSafeInteger(x164)) return R;
    if (x164 <= 0) return R;
    const x165 = v.ts;
    if (typeof x165 !== "string") return R;
    const x166 = v.agentId;
    if (x166 !== undefined) {
      if (typeof x166 !== "string") return R;
    }
    const x167 = v.parentCallId;
    if (x167 !== undefined) {
      if (typeof x167 !== "string") return R;
    }
    return v;
  }],
  ["error", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x168 = v.kind;
    if (!c[7].has(x168)) return R;
    const x169 = v.message;
    if (typeof x169 !== "string") return R;
    const x170 = v.type;
    if (x170 !== "error") return R;
    const x171 = v.seq;
    if (typeof x171 !== "number" || !Number.isSafeInteger(x171)) return R;
    if (x171 <= 0) return R;
    const x172 = v.ts;
    if (typeof x172 !== "string") return R;
    const x173 = v.agentId;
    if (x173 !== undefined) {
      if (typeof x173 !== "string") return R;
    }
    const x174 = v.parentCallId;
    if (x174 !== undefined) {
      if (typeof x174 !== "string") return R;
    }
    return v;
  }],
  ["prompt.queued", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x175 = v.id;
    if (typeof x175 !== "string") return R;
    const x176 = v.prompt;
    if (typeof x176 !== "string") return R;
    const x177 = v.type;
    if (x177 !== "prompt.queued") return R;
    const x178 = v.seq;
    if (typeof x178 !== "number" || !Number.isSafeInteger(x178)) return R;
    if (x178 <= 0) return R;
    const x179 = v.ts;
    if (typeof x179 !== "string") return R;
    const x180 = v.agentId;
    if (x180 !== undefined) {
      if (typeof x180 !== "string") return R;
    }
    const x181 = v.parentCallId;
    if (x181 !== undefined) {
      if (typeof x181 !== "string") return R;
    }
    return v;
  }],
  ["prompt.dequeued", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x182 = v.id;
    if (typeof x182 !== "string") return R;
    const x183 = v.type;
    if (x183 !== "prompt.dequeued") return R;
    const x184 = v.seq;
    if (typeof x184 !== "number" || !Number.isSafeInteger(x184)) return R;
    if (x184 <= 0) return R;
    const x185 = v.ts;
    if (typeof x185 !== "string") return R;
    const x186 = v.agentId;
    if (x186 !== undefined) {
      if (typeof x186 !== "string") return R;
    }
    const x187 = v.parentCallId;
    if (x187 !== undefined) {
      if (typeof x187 !== "string") return R;
    }
    return v;
  }],
  ["prompt.dropped", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x188 = v.id;
    if (typeof x188 !== "string") return R;
    const x189 = v.reason;
    if (typeof x189 !== "string") return R;
    const x190 = v.type;
    if (x190 !== "prompt.dropped") return R;
    const x191 = v.seq;
    if (typeof x191 !== "number" || !Number.isSafeInteger(x191)) return R;
    if (x191 <= 0) return R;
    const x192 = v.ts;
    if (typeof x192 !== "string") return R;
    const x193 = v.agentId;
    if (x193 !== undefined) {
      if (typeof x193 !== "string") return R;
    }
    const x194 = v.parentCallId;
    if (x194 !== undefined) {
      if (typeof x194 !== "string") return R;
    }
    return v;
  }],
  ["notice", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x195 = v.level;
    if (!c[8].has(x195)) return R;
    const x196 = v.message;
    if (typeof x196 !== "string") return R;
    const x197 = v.type;
    if (x197 !== "notice") return R;
    const x198 = v.seq;
    if (typeof x198 !== "number" || !Number.isSafeInteger(x198)) return R;
    if (x198 <= 0) return R;
    const x199 = v.ts;
    if (typeof x199 !== "string") return R;
    const x200 = v.agentId;
    if (x200 !== undefined) {
      if (typeof x200 !== "string") return R;
    }
    const x201 = v.parentCallId;
    if (x201 !== undefined) {
      if (typeof x201 !== "string") return R;
    }
    return v;
  }],
  ["question.asked", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x202 = v.id;
    if (typeof x202 !== "string") return R;
    const x203 = v.callId;
    if (x203 !== undefined) {
      if (typeof x203 !== "string") return R;
    }
    const x204 = v.question;
    if (typeof x204 !== "string") return R;
    const x205 = v.options;
    if (x205 !== undefined) {
      if (!Array.isArray(x205)) return R;
      for (let i206 = 0; i206 < x205.length; i206 += 1) {
        const e207 = x205[i206];
        if (typeof e207 !== "object" || e207 === null || Array.isArray(e207)) return R;
        const x208 = e207.label;
        if (typeof x208 !== "string") return R;
        const x209 = e207.detail;
        if (x209 !== undefined) {
          if (typeof x209 !== "string") return R;
        }
      }
    }
    const x210 = v.multiple;
    if (typeof x210 !== "boolean") return R;
    const x211 = v.type;
    if (x211 !== "question.asked") return R;
    const x212 = v.seq;
    if (typeof x212 !== "number" || !Number.isSafeInteger(x212)) return R;
    if (x212 <= 0) return R;
    const x213 = v.ts;
    if (typeof x213 !== "string") return R;
    const x214 = v.agentId;
    if (x214 !== undefined) {
      if (typeof x214 !== "string") return R;
    }
    const x215 = v.parentCallId;
    if (x215 !== undefined) {
      if (typeof x215 !== "string") return R;
    }
    return v;
  }],
  ["question.answered", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x216 = v.id;
    if (typeof x216 !== "string") return R;
    const x217 = v.choices;
    if (x217 !== undefined) {
      if (!Array.isArray(x217)) return R;
      for (let i218 = 0; i218 < x217.length; i218 += 1) {
        const e219 = x217[i218];
        if (typeof e219 !== "string") return R;
      }
    }
    const x220 = v.text;
    if (x220 !== undefined) {
      if (typeof x220 !== "string") return R;
    }
    const x221 = v.dismissed;
    if (x221 !== undefined) {
      if (typeof x221 !== "boolean") return R;
    }
    const x222 = v.type;
    if (x222 !== "question.answered") return R;
    const x223 = v.seq;
    if (typeof x223 !== "number" || !Number.isSafeInteger(x223)) return R;
    if (x223 <= 0) return R;
    const x224 = v.ts;
    if (typeof x224 !== "string") return R;
    const x225 = v.agentId;
    if (x225 !== undefined) {
      if (typeof x225 !== "string") return R;
    }
    const x226 = v.parentCallId;
    if (x226 !== undefined) {
      if (typeof x226 !== "string") return R;
    }
    return v;
  }],
  ["model.changed", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x227 = v.provider;
    if (typeof x227 !== "string") return R;
    const x228 = v.model;
    if (typeof x228 !== "string") return R;
    const x229 = v.type;
    if (x229 !== "model.changed") return R;
    const x230 = v.seq;
    if (typeof x230 !== "number" || !Number.isSafeInteger(x230)) return R;
    if (x230 <= 0) return R;
    const x231 = v.ts;
    if (typeof x231 !== "string") return R;
    const x232 = v.agentId;
    if (x232 !== undefined) {
      if (typeof x232 !== "string") return R;
    }
    const x233 = v.parentCallId;
    if (x233 !== undefined) {
      if (typeof x233 !== "string") return R;
    }
    return v;
  }],
  ["thinking.changed", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x234 = v.level;
    if (!c[9].has(x234)) return R;
    const x235 = v.type;
    if (x235 !== "thinking.changed") return R;
    const x236 = v.seq;
    if (typeof x236 !== "number" || !Number.isSafeInteger(x236)) return R;
    if (x236 <= 0) return R;
    const x237 = v.ts;
    if (typeof x237 !== "string") return R;
    const x238 = v.agentId;
    if (x238 !== undefined) {
      if (typeof x238 !== "string") return R;
    }
    const x239 = v.parentCallId;
    if (x239 !== undefined) {
      if (typeof x239 !== "string") return R;
    }
    return v;
  }],
  ["context.cleared", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x240 = v.type;
    if (x240 !== "context.cleared") return R;
    const x241 = v.seq;
    if (typeof x241 !== "number" || !Number.isSafeInteger(x241)) return R;
    if (x241 <= 0) return R;
    const x242 = v.ts;
    if (typeof x242 !== "string") return R;
    const x243 = v.agentId;
    if (x243 !== undefined) {
      if (typeof x243 !== "string") return R;
    }
    const x244 = v.parentCallId;
    if (x244 !== undefined) {
      if (typeof x244 !== "string") return R;
    }
    return v;
  }],
  ["checkpoint.created", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x245 = v.turnId;
    if (x245 !== undefined) {
      if (typeof x245 !== "string") return R;
    }
    const x246 = v.reason;
    if (!c[10].has(x246)) return R;
    const x247 = v.commit;
    if (typeof x247 !== "string") return R;
    const x248 = v.files;
    if (typeof x248 !== "number" || !Number.isSafeInteger(x248)) return R;
    if (x248 < 0) return R;
    const x249 = v.type;
    if (x249 !== "checkpoint.created") return R;
    const x250 = v.seq;
    if (typeof x250 !== "number" || !Number.isSafeInteger(x250)) return R;
    if (x250 <= 0) return R;
    const x251 = v.ts;
    if (typeof x251 !== "string") return R;
    const x252 = v.agentId;
    if (x252 !== undefined) {
      if (typeof x252 !== "string") return R;
    }
    const x253 = v.parentCallId;
    if (x253 !== undefined) {
      if (typeof x253 !== "string") return R;
    }
    return v;
  }],
  ["workspace.restored", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x254 = v.checkpoint;
    if (typeof x254 !== "number" || !Number.isSafeInteger(x254)) return R;
    if (x254 <= 0) return R;
    const x255 = v.commit;
    if (typeof x255 !== "string") return R;
    const x256 = v.files;
    if (!Array.isArray(x256)) return R;
    for (let i257 = 0; i257 < x256.length; i257 += 1) {
      const e258 = x256[i257];
      if (typeof e258 !== "string") return R;
    }
    const x259 = v.more;
    if (typeof x259 !== "number" || !Number.isSafeInteger(x259)) return R;
    if (x259 < 0) return R;
    const x260 = v.type;
    if (x260 !== "workspace.restored") return R;
    const x261 = v.seq;
    if (typeof x261 !== "number" || !Number.isSafeInteger(x261)) return R;
    if (x261 <= 0) return R;
    const x262 = v.ts;
    if (typeof x262 !== "string") return R;
    const x263 = v.agentId;
    if (x263 !== undefined) {
      if (typeof x263 !== "string") return R;
    }
    const x264 = v.parentCallId;
    if (x264 !== undefined) {
      if (typeof x264 !== "string") return R;
    }
    return v;
  }],
  ["turn.ended", (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return R;
    const x265 = v.turnId;
    if (typeof x265 !== "string") return R;
    const x266 = v.stopReason;
    if (!c[11].has(x266)) return R;
    const x267 = v.rounds;
    if (typeof x267 !== "number" || !Number.isSafeInteger(x267)) return R;
    if (x267 < 0) return R;
    const x268 = v.type;
    if (x268 !== "turn.ended") return R;
    const x269 = v.seq;
    if (typeof x269 !== "number" || !Number.isSafeInteger(x269)) return R;
    if (x269 <= 0) return R;
    const x270 = v.ts;
    if (typeof x270 !== "string") return R;
    const x271 = v.agentId;
    if (x271 !== undefined) {
      if (typeof x271 !== "string") return R;
    }
    const x272 = v.parentCallId;
    if (x272 !== undefined) {
      if (typeof x272 !== "string") return R;
    }
    return v;
  }],
]);
