// How a shell reads its own words before the script: options (with the ones that take the
// next word: bash's `--rcfile FILE`/`--init-file FILE`, `-o NAME`/`+O NAME` wherever they sit
// in a bundle such as `-eo pipefail`, zsh's `--emulate sh`, fish's `-C CMD`/`-c CMD`), then
// the `-c` string, or the script file and its arguments, or stdin. The unwrapper parses the
// `-c` string as a command line of its own (so `bash --rcfile x -c 'rm -rf /'` is rm), and
// the rules see that `curl … | bash -o pipefail` still runs what the pipe carries.
import type { ShellWord } from "./shell-words.js";

export const SHELLS = new Set(["bash", "sh", "dash", "zsh", "ksh", "mksh", "ash", "fish", "rbash", "rzsh", "rksh", "csh", "tcsh", "yash", "posh"]);

export interface ShellLaunch {
  /** Scripts it runs from strings: fish's init commands first, then the -c string. */
  scripts: ShellWord[];
  /** A -c was given: the script is a string, not a file or stdin. */
  command: boolean;
  /** Files it runs at start (`--rcfile`, `--init-file`), and the option that named them. */
  startupFiles: { option: string; file: ShellWord }[];
  /** -s: the script comes from stdin even when words follow. */
  stdin: boolean;
  /** The words after the options and the -c string: the script file and its arguments, or $0 and the arguments. */
  operands: ShellWord[];
}

interface ShellOptions {
  /** Long options that take the next word (or `=value`). */
  valueLong: string[];
  /** Long options whose value is a file run at start. */
  startupLong: string[];
  /** Short letters that take a word: bash-like shells take it from the next word, fish (getopt) from the bundle's rest first. */
  valueShort: string;
}

const BASH: ShellOptions = { valueLong: ["--rcfile", "--init-file"], startupLong: ["--rcfile", "--init-file"], valueShort: "oO" };
const OPTIONS: Record<string, ShellOptions> = {
  bash: BASH, rbash: BASH,
  zsh: { valueLong: ["--emulate"], startupLong: [], valueShort: "oO" },
  rzsh: { valueLong: ["--emulate"], startupLong: [], valueShort: "oO" },
  // fish's getopt_long table: -c/--command and -C/--init-command are scripts, the rest values.
  fish: {
    valueLong: ["--command", "--init-command", "--features", "--debug", "--debug-output", "--debug-stack-frames", "--profile", "--profile-startup"],
    startupLong: [],
    valueShort: "cCfdopD",
  },
};
const POSIX: ShellOptions = { valueLong: [], startupLong: [], valueShort: "oO" };

const missing: ShellWord = { value: "", literal: false, glob: false, unsafe: false, procSubst: false };

export function readShellLaunch(name: string, args: readonly ShellWord[]): ShellLaunch {
  const spec = OPTIONS[name] ?? POSIX;
  const fish = name === "fish";
  const launch: ShellLaunch = { scripts: [], command: false, startupFiles: [], stdin: false, operands: [] };
  const init: ShellWord[] = [];
  let i = 0;
  const take = (): ShellWord => args[++i] ?? missing;
  for (; i < args.length; i++) {
    const word = args[i]!;
    if (!word.literal) break;
    const value = word.value;
    if (value === "--" || value === "-") {
      i++;
      break;
    }
    if (value.startsWith("--")) {
      const equals = value.indexOf("=");
      const flag = equals < 0 ? value : value.slice(0, equals);
      if (!spec.valueLong.includes(flag)) continue;
      const given = equals < 0 ? take() : { ...word, value: value.slice(equals + 1) };
      if (fish && flag === "--command") launch.scripts.push(given);
      if (fish && flag === "--init-command") init.push(given);
      if (fish && flag === "--command") launch.command = true;
      if (spec.startupLong.includes(flag)) launch.startupFiles.push({ option: flag, file: given });
      continue;
    }
    if (!/^[-+][A-Za-z]+$/.test(value)) break;
    const letters = value.slice(1);
    for (let j = 0; j < letters.length; j++) {
      const letter = letters[j]!;
      if (fish) {
        if (!spec.valueShort.includes(letter)) continue;
        const rest = letters.slice(j + 1);
        const given = rest ? { ...word, value: rest } : take();
        if (letter === "c") {
          launch.command = true;
          launch.scripts.push(given);
        }
        if (letter === "C") init.push(given);
        break;
      }
      if (value.startsWith("-") && letter === "c") launch.command = true;
      if (value.startsWith("-") && letter === "s") launch.stdin = true;
      // bash gives each -o/-O in a bundle the next unused word: `-eo pipefail`, `-oO a b`.
      if (spec.valueShort.includes(letter)) take();
    }
  }
  launch.operands = args.slice(i);
  if (launch.command && !fish) {
    launch.scripts.push(launch.operands[0] ?? missing);
    launch.operands = launch.operands.slice(1);
  }
  launch.scripts.unshift(...init);
  return launch;
}
