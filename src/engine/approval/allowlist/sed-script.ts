// A sed script the allowlist can vouch for (ADR 0009): read by sed's own grammar, not matched
// by a pattern, and made only of commands that select, edit and print the stream. Never in
// it: `w`/`W` and the `w` flag of `s` (they write a file), `r`/`R` (they read a file the jail
// never sees), `e` and the `e` flag (they run a command). `-i` (edit the file itself) is not
// among the options the table allows. Whatever the parser does not know makes the script
// unknown, and the command asks: a bracket expression holding the delimiter or a backslash
// (where sed's reading and ours could differ), a command it has no rule for.

/** Commands with no argument. */
const PLAIN = new Set(["=", "d", "D", "g", "G", "h", "H", "n", "N", "p", "P", "x", "z", "F"]);
/** Commands with an optional number (`l 40`, `q 5`). */
const NUMBERED = new Set(["l", "q", "Q"]);
/** Commands with an optional label to the end of the command. */
const LABELLED = new Set(["b", "t", "T"]);
/** Text commands: the text to the end of the line is printed, nothing else. */
const TEXT = new Set(["a", "i", "c"]);
/** `s` flags that only choose what is replaced and printed. */
const SUBSTITUTE_FLAGS = /^[gpiImM0-9]*$/;

class Unknown extends Error {}

/** Why the script is not one the allowlist vouches for, or undefined when it only prints. */
export function sedScriptProblem(script: string): string | undefined {
  try {
    parse(script);
    return undefined;
  } catch (error) {
    if (error instanceof Unknown) return `a sed script that may write, read or run something: ${error.message}`;
    throw error;
  }
}

function parse(script: string): void {
  const reader = new Reader(script);
  let depth = 0;
  for (;;) {
    reader.skip(/[\s;]/);
    if (reader.done()) break;
    if (reader.peek() === "#") {
      reader.until("\n");
      continue;
    }
    if (reader.peek() === "}") {
      reader.next();
      if (--depth < 0) throw new Unknown("a } with no {");
      continue;
    }
    if (reader.peek() === ":") {
      reader.next();
      label(reader, /[\n;]/, true);
      continue;
    }
    address(reader);
    if (reader.peek() === ",") {
      reader.next();
      reader.skip(/[ \t]/);
      if (/[+~]/.test(reader.peek())) {
        reader.next();
        number(reader);
      } else address(reader, true);
    }
    reader.skip(/[ \t]/);
    if (reader.peek() === "!") {
      reader.next();
      reader.skip(/[ \t]/);
    }
    command(reader, () => depth++);
  }
  if (depth !== 0) throw new Unknown("a { with no }");
}

function address(reader: Reader, required = false): void {
  const at = reader.peek();
  if (/\d/.test(at)) {
    number(reader);
    if (reader.peek() === "~") {
      reader.next();
      number(reader);
    }
  } else if (at === "$") reader.next();
  else if (at === "/" || at === "\\") {
    reader.next();
    const delimiter = at === "/" ? "/" : reader.next();
    if (!delimiter || delimiter === "\n" || delimiter === "\\") throw new Unknown("an address with no delimiter");
    regex(reader, delimiter);
    while (/[IM]/.test(reader.peek())) reader.next();
  } else if (required) throw new Unknown(`an address sed would not read (${JSON.stringify(at)})`);
}

function number(reader: Reader): void {
  if (!/\d/.test(reader.peek())) throw new Unknown("a number expected");
  while (/\d/.test(reader.peek())) reader.next();
}

function command(reader: Reader, open: () => void): void {
  const name = reader.next();
  if (PLAIN.has(name)) return end(reader);
  if (name === "{") return open();
  if (NUMBERED.has(name)) {
    reader.skip(/[ \t]/);
    if (/\d/.test(reader.peek())) number(reader);
    return end(reader);
  }
  if (LABELLED.has(name)) return label(reader, /[\n;}]/, false);
  if (TEXT.has(name)) {
    reader.until("\n");
    return;
  }
  if (name === "s") {
    const delimiter = reader.next();
    if (!delimiter || delimiter === "\n" || delimiter === "\\") throw new Unknown("s with no delimiter");
    regex(reader, delimiter);
    replacement(reader, delimiter);
    const flags = reader.until(/[\s;}]/);
    if (!SUBSTITUTE_FLAGS.test(flags)) throw new Unknown(`s with the flags ${JSON.stringify(flags)}`);
    return end(reader);
  }
  if (name === "y") {
    const delimiter = reader.next();
    if (!delimiter || delimiter === "\n" || delimiter === "\\") throw new Unknown("y with no delimiter");
    replacement(reader, delimiter);
    replacement(reader, delimiter);
    return end(reader);
  }
  throw new Unknown(name ? `the command ${JSON.stringify(name)}` : "an address with no command");
}

/**
 * A label: sed versions end it differently (GNU at a blank or `;`, BSD at the end of the line),
 * and text after a blank is a further command to GNU (`:a e id` runs `id`). So only a plain
 * name is read, and only a separator may follow it: anything else is a script we cannot vouch for.
 */
function label(reader: Reader, separator: RegExp, required: boolean): void {
  reader.skip(/[ \t]/);
  const name = reader.until(/[^A-Za-z0-9_.-]/);
  if (required && name === "") throw new Unknown("a label with no name");
  reader.skip(/[ \t]/);
  if (!reader.done() && !separator.test(reader.peek())) throw new Unknown(`${JSON.stringify(reader.rest().slice(0, 20))} after a label`);
}

/** After a command: spaces, then the end of the script, a separator or a closing brace. */
function end(reader: Reader): void {
  reader.skip(/[ \t]/);
  if (!reader.done() && !/[\n;}#]/.test(reader.peek())) throw new Unknown(`${JSON.stringify(reader.peek())} after a command`);
}

/** A regex up to its delimiter; a bracket expression is read as sed reads one. */
function regex(reader: Reader, delimiter: string): void {
  for (;;) {
    const ch = reader.next();
    if (ch === "" || ch === "\n") throw new Unknown("a regex with no end");
    if (ch === delimiter) return;
    if (ch === "\\") {
      if (reader.next() === "") throw new Unknown("a regex ending in a backslash");
    } else if (ch === "[") bracket(reader, delimiter);
  }
}

function bracket(reader: Reader, delimiter: string): void {
  if (reader.peek() === "^") reader.next();
  if (reader.peek() === "]") reader.next();
  for (;;) {
    const ch = reader.next();
    if (ch === "]") return;
    if (ch === "" || ch === "\n" || ch === "\\" || ch === delimiter) throw new Unknown("a bracket expression sed and the allowlist could read differently");
    if (ch === "[" && /[:=.]/.test(reader.peek())) {
      const kind = reader.next();
      const close = reader.rest().indexOf(`${kind}]`);
      if (close < 0 || reader.rest().slice(0, close).includes(delimiter)) throw new Unknown("an unclosed class in a bracket expression");
      reader.advance(close + 2);
    }
  }
}

/** A replacement (or y's lists) up to its delimiter; a backslash escapes the next character. */
function replacement(reader: Reader, delimiter: string): void {
  for (;;) {
    const ch = reader.next();
    if (ch === "") throw new Unknown("a replacement with no end");
    if (ch === delimiter) return;
    if (ch === "\\" && reader.next() === "") throw new Unknown("a replacement ending in a backslash");
  }
}

class Reader {
  private at = 0;
  constructor(private readonly text: string) {}
  done(): boolean {
    return this.at >= this.text.length;
  }
  peek(): string {
    return this.text[this.at] ?? "";
  }
  next(): string {
    return this.text[this.at++] ?? "";
  }
  rest(): string {
    return this.text.slice(this.at);
  }
  advance(count: number): void {
    this.at += count;
  }
  skip(pattern: RegExp): void {
    while (!this.done() && pattern.test(this.peek())) this.at++;
  }
  /** Reads up to (not including) the first character matching `stop`, or to the end. */
  until(stop: string | RegExp): string {
    const start = this.at;
    while (!this.done() && !(typeof stop === "string" ? this.peek() === stop : stop.test(this.peek()))) this.at++;
    return this.text.slice(start, this.at);
  }
}
