// The option reader reads words the way getopt_long, ripgrep/jq and xxd do, and the tables it
// reads with agree with the programs' own option lists. Pure: words in, options out.
import { describe, expect, it } from "vitest";
import { gnuLongOptions } from "../../src/engine/approval/allowlist/gnu-long-options.js";
import { readWords, type OptionTable } from "../../src/engine/approval/allowlist/option-reader.js";
import { SAFE_PROGRAMS, SANDBOX_WRITERS } from "../../src/engine/approval/allowlist/safe-programs.js";
import type { ShellWord } from "../../src/engine/approval/shell/shell-words.js";

const words = (...values: string[]): ShellWord[] => values.map((value) => ({ value, literal: true, glob: value === "*.ts", unsafe: false, procSubst: false }));
const read = (spec: OptionTable, ...values: string[]) => {
  const result = readWords(spec, words(...values));
  if ("problem" in result) return result;
  return { options: result.options.map((option) => [option.name, ...option.values.map((value) => value.value)]), operands: result.operands.map((word) => word.value) };
};

const gnu: OptionTable = {
  short: "rnA:w::e:",
  long: ["recursive", "regexp:", "width::", "line-number", "color::", "colour::"],
  allLong: ["recursive", "regexp", "width", "line-number", "color", "colour", "output", "out-of-band", "dereference", "dereference-args"],
  dashValues: ["e", "regexp"],
};

describe("reading words as getopt_long does", () => {
  it("splits bundles, and a value is the rest of the bundle or the next word", () => {
    expect(read(gnu, "-rnA3", "x", "-A", "4", "f")).toEqual({ options: [["-r"], ["-n"], ["-A", "3"], ["-A", "4"]], operands: ["x", "f"] });
    expect(read(gnu, "-nr", "--", "-A")).toEqual({ options: [["-n"], ["-r"]], operands: ["-A"] });
  });

  it("gives an optional value only when attached, so the next word stays an operand", () => {
    expect(read(gnu, "-w", "/etc/passwd", "-w8")).toEqual({ options: [["-w"], ["-w", "8"]], operands: ["/etc/passwd"] });
    expect(read(gnu, "--width", "/etc/passwd", "--width=8")).toEqual({ options: [["--width"], ["--width", "8"]], operands: ["/etc/passwd"] });
  });

  it("reads --opt=value and --opt value alike", () => {
    expect(read(gnu, "--regexp=x", "--regexp", "y", "f")).toEqual({ options: [["--regexp", "x"], ["--regexp", "y"]], operands: ["f"] });
  });

  it("resolves an abbreviation to the one option it prefixes, against the whole list", () => {
    expect(read(gnu, "--rec", "--line", "x")).toEqual({ options: [["--recursive"], ["--line-number"]], operands: ["x"] });
    expect(read(gnu, "--reg=x")).toEqual({ options: [["--regexp", "x"]], operands: [] });
    expect(read(gnu, "--ou=x")).toEqual({ problem: "--ou is ambiguous (--output, --out-of-band)" });
    expect(read(gnu, "--outp=x")).toEqual({ problem: "--outp means --output, which is not a known harmless option" });
    expect(read(gnu, "--col")).toEqual({ problem: "--col is ambiguous (--color, --colour)" });
    expect(read(gnu, "--deref")).toEqual({ problem: "--deref is ambiguous (--dereference, --dereference-args)" });
    expect(read(gnu, "--dereference")).toEqual({ problem: "--dereference is not a known harmless option" });
    expect(read(gnu, "--nope")).toEqual({ problem: "--nope is not an option of this program" });
    expect(read({ ...gnu, allLong: undefined }, "--rec")).toEqual({ problem: "--rec is not an option name spelt in full" });
  });

  it("asks when a value looks like an option, unless the option takes patterns, or when it is a glob", () => {
    expect(read(gnu, "-e", "-x", "f")).toEqual({ options: [["-e", "-x"]], operands: ["f"] });
    expect(read(gnu, "-A", "-x")).toEqual({ problem: "-A with a value that looks like an option (-x)" });
    expect(read(gnu, "-A", "*.ts")).toEqual({ problem: "-A with a glob as its value (the shell may turn it into several words)" });
    expect(read(gnu, "-q")).toEqual({ problem: "-q is not a known harmless option" });
    expect(read(gnu, "--recursive=yes")).toEqual({ problem: "--recursive takes no value" });
  });
});

describe("reading words as other parsers do", () => {
  it("takes long names only in full where the program does (ripgrep, jq), with two-word values", () => {
    const jq: OptionTable = { style: "exact", short: "r", long: ["arg:2", "raw-output"] };
    expect(read(jq, "--raw", ".")).toEqual({ problem: "--raw is not an option name spelt in full" });
    expect(read(jq, "--arg", "a", "/etc/passwd", ".", "f")).toEqual({ options: [["--arg", "a", "/etc/passwd"]], operands: [".", "f"] });
  });

  it("reads xxd's words by their first letter, and ends options at the first operand", () => {
    const xxd = SAFE_PROGRAMS.xxd!;
    expect(read(xxd, "-ps", "/etc/passwd")).toEqual({ options: [["-p"]], operands: ["/etc/passwd"] });
    expect(read(xxd, "-c8", "-c", "4", "--autoskip", "f", "-r")).toEqual({ options: [["-c", "8"], ["-c", "4"], ["-a"]], operands: ["f", "-r"] });
    expect(read(xxd, "-revert", "f")).toEqual({ problem: "-r is not a known harmless option" });
  });
});

describe("the safe table", () => {
  /** Harmless options newer than the manual the lists were taken from (coreutils 9.1). */
  const NEWER = new Set(["wc --total"]);

  it("names only options the GNU programs have, so an abbreviation resolves against the real list", () => {
    const unknown: string[] = [];
    for (const [name, spec] of Object.entries({ ...SAFE_PROGRAMS, ...SANDBOX_WRITERS })) {
      const all = gnuLongOptions(name);
      if (!all || spec.long === "*") continue;
      expect(spec.allLong, name).toEqual(all);
      for (const entry of spec.long) {
        const long = entry.replace(/:.*$/, "");
        if (!all.includes(long) && !NEWER.has(`${name} --${long}`)) unknown.push(`${name} --${long}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it("leaves out every option that follows links while walking a tree", () => {
    const follows: [string, string][] = [["du", "-L"], ["du", "--dereference"], ["ls", "-L"], ["ls", "--dereference"], ["grep", "-R"],
      ["grep", "--dereference-recursive"], ["tree", "-l"], ["rg", "-L"], ["rg", "--follow"], ["cp", "-L"], ["cp", "--dereference"]];
    for (const [program, option] of follows) {
      const spec = SAFE_PROGRAMS[program] ?? SANDBOX_WRITERS[program]!;
      expect(readWords(spec, words(option, "x")), `${program} ${option}`).toHaveProperty("problem");
    }
  });
});
