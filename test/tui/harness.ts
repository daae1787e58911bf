// A pi-tui app on a virtual terminal, for component and controller tests: events go in as
// the engine would publish them, the screen comes out as xterm.js drew it.
import { TUI, type Component } from "@mariozechner/pi-tui";
import { createTheme, type Theme } from "../../src/tui/theme/theme.js";
import type { UiEvent } from "../../src/tui/ui-events.js";
import { VirtualTerminal } from "../helpers/virtual-terminal.js";

export function plainTheme(): Theme {
  return createTheme({ color: false, background: "dark" });
}

export function mount(components: Component[], cols = 80, rows = 24): { terminal: VirtualTerminal; tui: TUI } {
  const terminal = new VirtualTerminal(cols, rows);
  const tui = new TUI(terminal);
  for (const component of components) tui.addChild(component);
  tui.start();
  return { terminal, tui };
}

let seq = 0;
/** An event as the engine would publish it (seq and ts filled in). */
export function event<T extends UiEvent["type"]>(type: T, payload: Omit<Extract<UiEvent, { type: T }>, "type" | "seq" | "ts">): UiEvent {
  return { type, seq: ++seq, ts: new Date().toISOString(), ...payload } as unknown as UiEvent;
}
