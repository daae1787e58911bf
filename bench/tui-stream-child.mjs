// One bench run in its own process: streams 100,000 characters of markdown as engine events
// into the TUI on a headless xterm, and prints CPU time, frames and full redraws as JSON.
// argv[2]: "mini-agent" (the conversation controller) or "whole-markdown" (one pi-tui
// Markdown whose whole text is set again every frame: pi-tui's own streaming pattern).
import { Markdown, Text, TUI } from "@mariozechner/pi-tui";
import xterm from "@xterm/headless";
import { ConversationController } from "../dist/tui/controllers/conversation-controller.js";
import { RenderScheduler } from "../dist/tui/render-scheduler.js";
import { createTheme } from "../dist/tui/theme/theme.js";
import { Transcript } from "../dist/tui/transcript.js";
import { Container } from "@mariozechner/pi-tui";

// The whole-text pattern re-parses everything each frame (quadratic): it gets a fifth of the text.
const mode = process.argv[2] ?? "mini-agent";
const TOTAL = mode === "whole-markdown" ? 20_000 : 100_000;
const DELTA = 40;

class HeadlessTerminal {
  constructor(cols, rows) {
    this.term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 1000 });
    this.bytes = 0;
  }
  start() {}
  stop() {}
  async drainInput() {}
  write(data) {
    this.bytes += data.length;
    this.term.write(data);
  }
  get columns() { return this.term.cols; }
  get rows() { return this.term.rows; }
  get kittyProtocolActive() { return false; }
  moveBy() {}
  hideCursor() {}
  showCursor() {}
  clearLine() {}
  clearFromCursor() {}
  clearScreen() {}
  setTitle() {}
  setProgress() {}
  flush() { return new Promise((resolve) => this.term.write("", resolve)); }
}

function markdownText() {
  const parts = [];
  let n = 0;
  while (parts.join("").length < TOTAL) {
    n++;
    parts.push(`## Section ${n}\n\nSome **bold** text, some \`code\`, and a [link](https://example.com/${n}). `.repeat(2) + "\n\n");
    parts.push(`- item one of ${n}\n- item two with *emphasis*\n- item three\n\n`);
    parts.push("```ts\n" + `function f${n}(x: number): number {\n  return x * ${n};\n}\n` + "```\n\n");
  }
  return parts.join("").slice(0, TOTAL);
}

const text = markdownText();
const terminal = new HeadlessTerminal(100, 40);
const tui = new TUI(terminal);
const theme = createTheme({ color: true, background: "dark" });
const scheduler = new RenderScheduler(tui);
// A first line, as the app's welcome: an empty first frame would make the next one "first" again.
tui.addChild(new Text("mini-agent bench", 0, 0));
let feed;
if (mode === "whole-markdown") {
  const md = new Markdown("", 1, 0, theme.markdown);
  tui.addChild(md);
  let shown = "";
  feed = (delta) => {
    shown += delta;
    md.setText(shown);
    scheduler.soon();
  };
} else {
  const transcript = new Transcript();
  tui.addChild(transcript);
  const conversation = new ConversationController(theme, transcript, new Container());
  let seq = 0;
  feed = (delta) => {
    conversation.onEvent({ type: "assistant.delta", seq: ++seq, ts: "", text: delta }, false);
    scheduler.soon();
  };
}
tui.start();
// The first frame is drawn on a timer after start(); count redraws only after it.
while (tui.fullRedraws === 0) await new Promise((resolve) => setTimeout(resolve, 5));
await terminal.flush();
const redrawsBefore = tui.fullRedraws;
const cpuBefore = process.cpuUsage();
const wallBefore = performance.now();
for (let at = 0; at < text.length; at += DELTA) {
  feed(text.slice(at, at + DELTA));
  // Deltas arrive over time, as from a model: ~2,500 of them about a millisecond apart.
  await new Promise((resolve) => setTimeout(resolve, 1));
}
scheduler.now();
await new Promise((resolve) => setTimeout(resolve, 40));
await terminal.flush();
const cpu = process.cpuUsage(cpuBefore);
console.log(JSON.stringify({
  mode,
  chars: text.length,
  cpuMs: (cpu.user + cpu.system) / 1000,
  wallMs: performance.now() - wallBefore,
  fullRedraws: tui.fullRedraws - redrawsBefore,
  frames: scheduler.frames,
  bytes: terminal.bytes,
}));
tui.stop();
process.exit(0);
