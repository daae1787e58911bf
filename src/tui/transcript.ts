// The conversation as drawn: an append-only list of message components. It only grows (pi-tui
// then rewrites just the changed bottom lines, so finished messages are never redrawn), and
// knows its last child so controllers can tell whether a message is still the newest.
import { Container, type Component } from "@mariozechner/pi-tui";

export class Transcript extends Container {
  get last(): Component | undefined {
    return this.children[this.children.length - 1];
  }

  append(component: Component): void {
    this.addChild(component);
  }
}
