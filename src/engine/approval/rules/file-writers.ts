// Programs that write files named by an option or an operand, beyond the plain writers
// (touch, cp, mv, …): `sed -i`, `curl -o`, `wget -O`, `tar -x -C`, `tar -cf`, `zip`, `unzip -d`,
// `sort -o`, `git archive -o`, `git diff --output`, `rsync`, `scp`. A target outside the
// workspace is refused, as `cp x ~/` is; inside, they still ask.
// Also what changes the machine beyond files: crontab, kill -1.
import { pathScope, worstScope, type PathContext } from "../shell/command-paths.js";
import { canonicalForms } from "./canonical-command.js";
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
    case "tar": {
      // `tar -cf x.tar`, `tar cf x.tar`, `tar --create --file=x.tar`: the archive is written.
      const bundle = args[0]?.literal && /^[A-Za-z]+$/.test(args[0].value) ? args[0].value : "";
      const creates = /[cruA]/.test(bundle) || values.some((value) => /^-[A-Za-z]*[cruA]|^--(create|append|update|concatenate)/.test(value));
      const archive = creates ? [...optionValues(args, "f", ["file"]), ...(bundle.includes("f") && args[1] ? [args[1]] : [])] : [];
      return { words: [...optionValues(args, "C", ["directory"]), ...archive], what: creates ? "tar writes" : "tar -C extracts into" };
    }
    case "zip": {
      const archive = optionValues(args, "O", ["output-file"]);
      return { words: archive.length > 0 ? archive : operandsAfterOptions(args).slice(0, 1), what: "zip writes" };
    }
    case "sort":
    case "shuf":
    case "patch":
      return { words: optionValues(args, "o", ["output"]), what: `${command.name} -o writes` };
    case "tree":
      return { words: optionValues(args, "o", []), what: "tree -o writes" };
    case "uniq":
    case "xxd":
    case "split":
      return { words: operandsAfterOptions(args).slice(1, 2), what: `${command.name} writes its second operand` };
    case "find":
      return { words: args.flatMap((word, i) => (/^-f(print0?|printf|ls)$/.test(word.value) && args[i + 1] ? [args[i + 1]!] : [])), what: "find -fprint writes" };
    case "git":
      return gitOutput(args);
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

/** git's own output options: `git archive -o`, `git diff --output=`, `git format-patch -o DIR`. */
function gitOutput(args: ShellWord[]): { words: ShellWord[]; what: string } | undefined {
  const sub = canonicalForms("git", args)?.forms[0]?.[1];
  if (sub === "archive") return { words: optionValues(args, "o", ["output"]), what: "git archive -o writes" };
  if (sub === "format-patch") return { words: optionValues(args, "o", ["output-directory"]), what: "git format-patch -o writes" };
  if (sub && ["diff", "log", "show", "whatchanged", "diff-tree", "diff-index", "diff-files", "range-diff"].includes(sub)) {
    return { words: optionValues(args, "", ["output"]), what: `git ${sub} --output writes` };
  }
  return undefined;
}

/** The literal words a command writes through its options and operands (redirections and the plain writers are judged elsewhere). */
export function writtenWords(command: SimpleCommand): ShellWord[] {
  return (writtenBy(command)?.words ?? []).filter((word) => word.literal);
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
