// Programs that write files named by an option or an operand, beyond the plain writers
// (touch, cp, mv, …): `sed -i`, `curl -o`, `wget -O`, `tar -x -C`, `unzip -d`, `rsync`,
// `scp`. A target outside the workspace is refused, as `cp x ~/` is; inside, they still ask.
// Also what changes the machine beyond files: crontab, kill -1.
import { pathScope, worstScope, type PathContext } from "../shell/command-paths.js";
import type { PartVerdict } from "./command-rules.js";
import type { SimpleCommand } from "../shell/shell-parse.js";
import type { ShellWord } from "../shell/shell-words.js";

/** The value of a short (`-o FILE`, `-oFILE`) or long (`--output FILE`, `--output=FILE`) option. */
function optionValues(args: ShellWord[], shorts: string, longs: string[]): ShellWord[] {
  const out: ShellWord[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (!word.literal) continue;
    if (word.value === "--") break;
    const long = /^--([a-z-]+)(?:=(.*))?$/.exec(word.value);
    if (long) {
      if (longs.includes(long[1]!)) out.push(long[2] !== undefined ? { ...word, value: long[2] } : (args[i + 1] ?? word));
      continue;
    }
    if (!/^-[A-Za-z]/.test(word.value)) continue;
    // A cluster of flags, the wanted one, then its value attached or in the next word.
    const body = word.value.slice(1);
    const flags = /^[A-Za-z]*/.exec(body)![0];
    const at = [...flags].findIndex((letter) => shorts.includes(letter));
    if (at < 0) continue;
    const attached = body.slice(at + 1);
    out.push(attached ? { ...word, value: attached } : (args[i + 1] ?? word));
  }
  return out;
}

function operandsAfterOptions(args: ShellWord[]): ShellWord[] {
  return args.filter((word) => !(word.literal && word.value.startsWith("-")));
}

/** Which words a command writes, or undefined when it is not one of these writers. */
function writtenBy(command: SimpleCommand): { words: ShellWord[]; what: string } | undefined {
  const args = command.args;
  const values = args.map((word) => word.value);
  switch (command.name) {
    case "sed": {
      if (!values.some((value) => /^-[A-Za-z]*i|^--in-place/.test(value))) return undefined;
      // The script is the first operand unless -e/-f gave it.
      const scripted = values.some((value) => /^-[A-Za-z]*[ef]$|^--(expression|file)/.test(value));
      const operands = operandsAfterOptions(args).filter((word) => !optionValues(args, "ef", ["expression", "file"]).includes(word));
      return { words: scripted ? operands : operands.slice(1), what: "sed -i rewrites" };
    }
    case "perl":
      if (!values.some((value) => /^-[A-Za-z]*i/.test(value))) return undefined;
      return { words: operandsAfterOptions(args).filter((word) => !optionValues(args, "eE", []).includes(word)), what: "perl -i rewrites" };
    case "curl":
      return { words: optionValues(args, "o", ["output", "output-dir"]), what: "curl -o writes" };
    case "wget":
      return { words: optionValues(args, "OP", ["output-document", "directory-prefix"]), what: "wget -O writes" };
    case "tar":
      return { words: optionValues(args, "C", ["directory"]), what: "tar -C extracts into" };
    case "unzip":
      return { words: optionValues(args, "d", []), what: "unzip -d extracts into" };
    case "rsync":
    case "scp": {
      const operands = operandsAfterOptions(args).filter((word) => !/^[^/]*:/.test(word.value));
      return { words: operands.slice(-1), what: `${command.name} copies into` };
    }
    default:
      return undefined;
  }
}

export function fileWriterVerdict(command: SimpleCommand, context: PathContext): PartVerdict | undefined {
  if (command.name === "crontab") return { decision: "deny", reason: "crontab installs commands that run later, outside any sandbox" };
  // `kill -9 -1` (or `kill -- -1`): pid -1 is every process the user may signal.
  if (command.name === "kill" && command.args.slice(1).some((word) => word.value === "-1")) {
    return { decision: "deny", reason: "kill -1 signals every process of the user" };
  }
  const written = writtenBy(command);
  if (!written || written.words.length === 0) return undefined;
  const scope = command.extraArgs ? "unknown" : worstScope(written.words.map((word) => pathScope(word, context)));
  if (scope === "outside") return { decision: "deny", reason: `${written.what} files outside the workspace` };
  return undefined;
}
