// The turn's checkpoint hook says what the checkpoint could not do before the call it guards
// is judged (issue 21, item 5): a path git refuses is named (once, not on every turn while it
// stays), and a checkpoint that cannot be taken at all is said; the call goes ahead either way.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ApprovalGate } from "../../src/engine/approval/gate/gate.js";
import { withCheckpoints } from "../../src/engine/checkpoint/checkpoint-hook.js";
import { createCheckpointStore } from "../../src/engine/checkpoint/checkpoint-store.js";
import { EventBus } from "../../src/engine/event-bus.js";
import type { AgentEvent } from "../../src/engine/events.js";
import type { Tool } from "../../src/engine/tools/tool.js";

const write = { name: "write_file", kind: "write" } as unknown as Tool;

function hooked(storeDir: (base: string) => string) {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "checkpoint-hook-")));
  const root = path.join(base, "ws");
  mkdirSync(path.join(root, "weird"), { recursive: true });
  writeFileSync(path.join(root, "a.txt"), "a\n");
  writeFileSync(path.join(root, "weird", "git~1"), "refused\n");
  const bus = new EventBus();
  const seen: string[] = [];
  bus.subscribe((event: AgentEvent) => seen.push(event.type === "notice" ? `notice: ${event.message}` : event.type));
  // The gate the hook wraps: it records that it was reached, after whatever the hook said.
  const gate = (async () => {
    seen.push("gate");
    return { refused: "only a test" };
  }) as unknown as ApprovalGate;
  const checked = withCheckpoints(gate, {
    store: createCheckpointStore({ root, dir: storeDir(base) }),
    bus,
    warn: (message) => bus.publish("notice", { level: "warn", message }),
  });
  const turn = async (id: string) => {
    bus.publish("turn.started", { turnId: id, prompt: "go" });
    await checked("c1", write, { path: "a.txt" });
    await checked("c2", write, { path: "a.txt" });
  };
  return { root, seen, turn };
}

describe("the checkpoint hook", () => {
  it("names a path git refuses before the first call is judged, and not again while it stays", async () => {
    const { root, seen, turn } = hooked((base) => path.join(base, "checkpoints"));
    await turn("t1");
    await turn("t2");
    const notices = seen.filter((line) => line.startsWith("notice"));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/could not save 1 path, so undo cannot bring it back; the rest is saved: weird\/git~1 \(invalid path/);
    expect(seen.slice(0, 6)).toEqual(["turn.started", "checkpoint.created", notices[0], "gate", "gate", "turn.started"]);
    // Another refused path is a new list: said again.
    rmSync(path.join(root, "weird"), { recursive: true });
    mkdirSync(path.join(root, "other"));
    writeFileSync(path.join(root, "other", "GIT~1"), "refused too\n");
    await turn("t3");
    expect(seen.filter((line) => line.startsWith("notice"))[1]).toContain("other/GIT~1");
  });

  it("a checkpoint that cannot be taken is said before the call is judged, and the call goes ahead", async () => {
    // The store's folder is a file: nothing can be written there.
    const { seen, turn } = hooked((base) => {
      writeFileSync(path.join(base, "checkpoints"), "not a folder\n");
      return path.join(base, "checkpoints");
    });
    await turn("t1");
    expect(seen[0]).toBe("turn.started");
    expect(seen[1]).toMatch(/^notice: no checkpoint for this turn, so undo cannot take back what it changes: /);
    expect(seen.slice(2)).toEqual(["gate", "gate"]);
  });
});
