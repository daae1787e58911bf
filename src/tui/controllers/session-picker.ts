// /sessions (/resume): offers this workspace's other sessions (newest first) or a new one.
// Resolves with the chosen id, "new", or undefined when the person keeps the current one (esc).
import { SelectList, type Container, type TUI } from "@mariozechner/pi-tui";
import { NoteLine } from "../components/messages/note-line.js";
import { sessionDescription, sessionLabel, type SessionSummary } from "../components/chrome/session-item.js";
import type { Theme } from "../theme/theme.js";

export const NEW_SESSION = "new";

export function pickSession(
  tui: TUI,
  host: Container,
  theme: Theme,
  sessions: readonly SessionSummary[],
  now = Date.now(),
): Promise<string | undefined> {
  const items = [
    { value: NEW_SESSION, label: "Start a new session", description: "" },
    ...sessions.map((session) => ({
      value: `session:${session.id}`,
      label: sessionLabel(session),
      description: sessionDescription(session, now),
    })),
  ];
  const title = new NoteLine(theme, "Continue an earlier session of this workspace, or start a new one (enter picks, esc keeps this one):", "accent");
  const list = new SelectList(items, Math.min(10, items.length), theme.selectList, { minPrimaryColumnWidth: 20, maxPrimaryColumnWidth: 64 });
  host.addChild(title);
  host.addChild(list);
  tui.setFocus(list);
  tui.requestRender();
  return new Promise((resolve) => {
    const done = (value: string | undefined) => {
      host.removeChild(title);
      host.removeChild(list);
      tui.requestRender();
      resolve(value === undefined || value === NEW_SESSION ? value : value.slice("session:".length));
    };
    list.onSelect = (item) => done(item.value);
    list.onCancel = () => done(undefined);
  });
}
