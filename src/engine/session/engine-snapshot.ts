// What a face reads of the engine without holding its state: the `snapshot` op's answer (for a
// face attaching late), the conversation's history as the events that drew it, and the skills
// on offer. Faces never see the reducer's struct; they draw from these and the events.
import type { ApprovalBroker } from "../approval/gate/approval-broker.js";
import type { QuestionBroker } from "../ask/ask-tool.js";
import type { AgentEvent } from "../events.js";
import type { Skill } from "../extensions/skills/skill-file.js";
import type { ModelProvider, ThinkingLevel } from "../llm/provider.js";
import type { QueuedPrompt, SkillInfo, Snapshot } from "../surface.js";
import type { ToolRegistry } from "../tools/registry.js";
import { readWire } from "../wire/wire.js";
import { replayEvents } from "../wire/wire-items.js";
import type { OpenSession } from "./open-session.js";

/** The skills as a face offers them (`/<name>`): the file's path and source stay behind. */
export function skillInfos(skills: readonly Skill[] | undefined): SkillInfo[] {
  return (skills ?? []).map((skill) => ({ name: skill.name, description: skill.description, body: skill.body, scope: skill.scope }));
}

/** Each stored message with the live events a face drew it from (the file keeps no deltas). */
export function sessionHistory(session: OpenSession): AgentEvent[] {
  return replayEvents(readWire(session.file).events);
}

export interface SnapshotSources {
  session: OpenSession;
  model: { readonly current: ModelProvider; readonly thinking?: ThinkingLevel | undefined };
  broker: ApprovalBroker;
  questions?: QuestionBroker | undefined;
  tools: ToolRegistry;
  skills: readonly SkillInfo[];
  /** Read when the snapshot is taken. */
  busy(): boolean;
  queue(): QueuedPrompt[];
  contextBudget(): number;
}

export function takeSnapshot(from: SnapshotSources, options: { history?: boolean }): Snapshot {
  const { session, model } = from;
  const unwritten = session.unwritten();
  return {
    sessionId: session.sessionId,
    provider: model.current.name,
    model: model.current.model,
    ...(model.thinking !== undefined ? { thinking: model.thinking } : {}),
    busy: from.busy(),
    queue: from.queue(),
    contextBudget: from.contextBudget(),
    skills: from.skills.map(({ name, description, scope }) => ({ name, description, scope })),
    usage: { ...session.state.usage },
    pendingApprovals: from.broker.pendingIds(),
    pendingQuestions: from.questions?.pending() ?? [],
    tools: from.tools.names(),
    ...(options.history ? { events: sessionHistory(session) } : {}),
    ...(unwritten ? { unsaved: { file: session.file, ...unwritten } } : {}),
  };
}
