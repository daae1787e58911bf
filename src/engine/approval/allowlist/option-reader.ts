// Reads a program's words the way the program itself will, so the allowlist judges the option
// that will really take effect: GNU getopt_long (bundled short flags `-rnL`, a short option's
// value attached `-ofile` or in the next word, `--opt=value` / `--opt value`, an optional
// value only when attached, and any unambiguous prefix of a long option), exact long names
// only (ripgrep's and jq's parsers, tree, git), or xxd's words of one letter and a tail. An
// abbreviation is resolved against the program's complete option list (its manual) to the
// option it means, or to "ambiguous", before the safe table is consulted; without that list
// only an exact name is understood. Pure: words in, options and operands (or a reason) out.
import type { ShellWord } from "../shell/shell-words.js";

/**
 * gnu: getopt_long (options anywhere before `--`, abbreviations). exact: the same shapes
 * but long names must be spelt in full. first-letter: xxd (`-ps` is -p, `-c8` is -c 8;
 * options end at the first operand).
 */
export type OptionStyle = "gnu" | "exact" | "first-letter";

export interface OptionTable {
  /**
   * Harmless short options in getopt's notation: `a` a flag, `a:` a value attached or in the
   * next word, `a::` a value only when attached; "*" when every short option only reads.
   */
  short: string;
  /** Harmless long options: `name`, `name:` (`=value` or the next word), `name::` (`=value` only), `name:2` (two words). */
  long: readonly string[] | "*";
  style?: OptionStyle;
  /** Every long option of the program, harmless or not (from its manual): what an abbreviation resolves against. */
  allLong?: readonly string[];
  /** Options whose value, given as the next word, may start with `-` (patterns: `grep -e -x`). */
  dashValues?: readonly string[];
  /** Words known only at run time are harmless here (echo prints them). */
  dynamic?: boolean;
}

export interface ReadOption {
  /** `-r` or `--recursive`: the full name, whatever abbreviation was written. */
  name: string;
  values: ShellWord[];
}

export type ReadResult = { options: ReadOption[]; operands: ShellWord[] } | { problem: string };

interface Arity {
  kind: "none" | "required" | "optional";
  count: number;
}

const FLAG: Arity = { kind: "none", count: 0 };

function parseNotation(entry: string): [string, Arity] {
  const match = /^(.*?)(::|:2|:)?$/.exec(entry)!;
  const suffix = match[2];
  if (suffix === "::") return [match[1]!, { kind: "optional", count: 1 }];
  if (suffix === ":2") return [match[1]!, { kind: "required", count: 2 }];
  if (suffix === ":") return [match[1]!, { kind: "required", count: 1 }];
  return [match[1]!, FLAG];
}

function shortTable(short: string): Map<string, Arity> | "*" {
  if (short === "*") return "*";
  const table = new Map<string, Arity>();
  for (const [, letter, colons] of short.matchAll(/([^:])(::|:)?/g)) table.set(letter!, parseNotation(`x${colons ?? ""}`)[1]);
  return table;
}

const tables = new WeakMap<OptionTable, { short: Map<string, Arity> | "*"; long: Map<string, Arity> | "*" }>();

function compiled(spec: OptionTable) {
  let found = tables.get(spec);
  if (!found) {
    found = { short: shortTable(spec.short), long: spec.long === "*" ? "*" : new Map(spec.long.map(parseNotation)) };
    tables.set(spec, found);
  }
  return found;
}

/** The long option a written name means to the program: its full name, or why it is not understood. */
export function resolveLong(spec: OptionTable, written: string): { name: string; arity: Arity } | { problem: string } {
  const { long } = compiled(spec);
  if (long === "*") return { name: written, arity: FLAG };
  const safe = long.get(written);
  if (safe) return { name: written, arity: safe };
  const all = new Set([...(spec.allLong ?? []), ...long.keys()]);
  if (all.has(written)) return { problem: `--${written} is not a known harmless option` };
  if ((spec.style ?? "gnu") !== "gnu" || !spec.allLong) {
    // Only a name that begins one we know may be short for it; any other is simply not on the list.
    const begins = [...all].some((name) => name.startsWith(written));
    return { problem: begins ? `--${written} is not an option name spelt in full` : `--${written} is not a known harmless option` };
  }
  const candidates = [...all].filter((name) => name.startsWith(written));
  if (candidates.length === 0) return { problem: `--${written} is not an option of this program` };
  if (candidates.length > 1) return { problem: `--${written} is ambiguous (${candidates.map((name) => `--${name}`).join(", ")})` };
  const name = candidates[0]!;
  const arity = long.get(name);
  return arity ? { name, arity } : { problem: `--${written} means --${name}, which is not a known harmless option` };
}

/** Reads the words after the program's name; undefined problem means every option was understood. */
export function readWords(spec: OptionTable, args: readonly ShellWord[]): ReadResult {
  const style = spec.style ?? "gnu";
  const { short } = compiled(spec);
  const options: ReadOption[] = [];
  const operands: ShellWord[] = [];
  let optionsDone = false;

  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (!word.literal) {
      if (!spec.dynamic) return { problem: "words known only at run time" };
      operands.push(word);
      continue;
    }
    if (word.unsafe) return { problem: "an expansion that can run code" };
    if (!optionsDone && word.value === "--") {
      optionsDone = true;
      continue;
    }
    if (optionsDone || !word.value.startsWith("-") || word.value === "-") {
      operands.push(word);
      // xxd, like POSIX getopt, takes no option after its first operand.
      if (style === "first-letter") optionsDone = true;
      continue;
    }
    if (word.glob) return { problem: `a glob in the option ${word.value}` };

    /** The value words an option takes from after `i`; a reason when they cannot be trusted. */
    const takeNext = (name: string, arity: Arity): ShellWord[] | string => {
      const taken = args.slice(i + 1, i + 1 + arity.count);
      i += taken.length;
      for (const value of taken) {
        if (value.glob) return `${name} with a glob as its value (the shell may turn it into several words)`;
        if (value.literal && value.value.startsWith("-") && value.value !== "-" && !spec.dashValues?.includes(name.replace(/^-+/, ""))) {
          return `${name} with a value that looks like an option (${value.value})`;
        }
      }
      return taken;
    };

    if (style === "first-letter") {
      // `--autoskip` is read as `-autoskip`; only the first letter after the dash counts.
      const body = word.value.startsWith("--") ? word.value.slice(2) : word.value.slice(1);
      const letter = body[0]!;
      const arity = short === "*" ? FLAG : short.get(letter);
      if (!arity) return { problem: `-${letter} is not a known harmless option` };
      const tail = body.slice(1);
      if (arity.kind === "none" || tail) {
        options.push({ name: `-${letter}`, values: arity.kind === "none" ? [] : [{ ...word, value: tail }] });
        continue;
      }
      const values = takeNext(`-${letter}`, arity);
      if (typeof values === "string") return { problem: values };
      options.push({ name: `-${letter}`, values });
      continue;
    }

    if (word.value.startsWith("--")) {
      const body = word.value.slice(2);
      const equals = body.indexOf("=");
      const written = equals < 0 ? body : body.slice(0, equals);
      const resolved = resolveLong(spec, written);
      if ("problem" in resolved) return resolved;
      const name = `--${resolved.name}`;
      const { arity } = resolved;
      if (equals >= 0) {
        if (arity.kind === "none" && compiled(spec).long !== "*") return { problem: `${name} takes no value` };
        if (arity.count > 1) return { problem: `${name} takes its values as separate words` };
        options.push({ name, values: [{ ...word, value: body.slice(equals + 1) }] });
        continue;
      }
      if (arity.kind !== "required") {
        options.push({ name, values: [] });
        continue;
      }
      const values = takeNext(name, arity);
      if (typeof values === "string") return { problem: values };
      options.push({ name, values });
      continue;
    }

    const letters = word.value.slice(1);
    for (let j = 0; j < letters.length; j++) {
      const letter = letters[j]!;
      const arity = short === "*" ? FLAG : short.get(letter);
      if (!arity) return { problem: `-${letter} is not a known harmless option` };
      if (arity.kind === "none") {
        options.push({ name: `-${letter}`, values: [] });
        continue;
      }
      const attached = letters.slice(j + 1);
      if (attached || arity.kind === "optional") {
        options.push({ name: `-${letter}`, values: attached ? [{ ...word, value: attached }] : [] });
        break;
      }
      const values = takeNext(`-${letter}`, arity);
      if (typeof values === "string") return { problem: values };
      options.push({ name: `-${letter}`, values });
      break;
    }
  }
  return { options, operands };
}
