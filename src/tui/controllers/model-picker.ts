// /models: the provider's models in a list to pick from. Typing narrows the list (any part of
// the id: "sonnet" finds claude-sonnet-4-5), enter picks, esc cancels. Resolves with the chosen
// id, or undefined.
import { matchesKey, SelectList, type Component, type Container, type Focusable, type TUI } from "@mariozechner/pi-tui";
import { NoteLine } from "../components/messages/note-line.js";
import type { Theme } from "../theme/theme.js";

const VISIBLE = 10;

class ModelList implements Component, Focusable {
  focused = false;
  private filter = "";
  private list: SelectList;

  constructor(
    private readonly theme: Theme,
    private readonly models: readonly string[],
    private readonly current: string,
    private readonly done: (model: string | undefined) => void,
  ) {
    this.list = this.build();
  }

  private build(): SelectList {
    const wanted = this.filter.toLowerCase();
    const shown = this.models.filter((model) => model.toLowerCase().includes(wanted));
    const items = shown.map((model) => ({ value: model, label: model, description: model === this.current ? "in use" : "" }));
    const list = new SelectList(items, Math.min(VISIBLE, Math.max(1, items.length)), this.theme.selectList, { minPrimaryColumnWidth: 20, maxPrimaryColumnWidth: 64 });
    const at = shown.indexOf(this.current);
    if (at > 0) list.setSelectedIndex(at);
    list.onSelect = (item) => this.done(item.value);
    list.onCancel = () => this.done(undefined);
    return list;
  }

  handleInput(data: string): void {
    if (matchesKey(data, "backspace")) {
      this.filter = this.filter.slice(0, -1);
      this.list = this.build();
      return;
    }
    // A printable character narrows the list; keys (arrows, enter, esc) go to it.
    if (data.length === 1 && data >= " " && data !== "\x7f") {
      this.filter += data;
      this.list = this.build();
      return;
    }
    this.list.handleInput(data);
  }

  invalidate(): void {
    this.list.invalidate();
  }

  render(width: number): string[] {
    const filter = this.theme.fg("muted", this.filter ? `  filter: ${this.filter}` : "  type to filter");
    const lines = this.list.render(width);
    return [filter, ...(lines.length > 0 ? lines : [this.theme.fg("muted", "  no model matches")])];
  }
}

export function pickModel(tui: TUI, host: Container, theme: Theme, models: readonly string[], current: string): Promise<string | undefined> {
  const title = new NoteLine(theme, `The provider serves ${models.length} models (type to filter, enter picks, esc cancels):`, "accent");
  return new Promise((resolve) => {
    const picker = new ModelList(theme, models, current, (model) => {
      host.removeChild(title);
      host.removeChild(picker);
      tui.requestRender();
      resolve(model);
    });
    host.addChild(title);
    host.addChild(picker);
    tui.setFocus(picker);
    tui.requestRender();
  });
}
