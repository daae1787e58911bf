// `find … -exec PROGRAM … {} ;|+`: the allowlist judges PROGRAM's words as PROGRAM reads
// them, with each `{}` in its place. Dropping the `{}` before reading shifted every word after
// it by one: `grep {} ../x` was read as the pattern `../x` (unchecked), while grep really
// searched ../x for the found name `.`, printing every line of a file outside the workspace;
// `uniq {} +` was read as one operand while find hands it two, and uniq writes the second.
// Verdicts against a real workspace (no credential file in it, so only the slots decide).
import { describe, expect, it } from "vitest";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";
import { approvalWorkspace } from "../helpers/approval-workspace.js";

const root = approvalWorkspace({ "src/c.ts": "export {};\n" });
const verdict = (command: string) => classifyCommand(command, { root });

describe("find -exec keeps {} where it stands", () => {
  it("asks when {} lands where the program takes a pattern or program, not a file", () => {
    for (const command of [
      "find . -maxdepth 0 -exec grep {} ../outside.txt \\;",
      "find . -maxdepth 0 -exec grep {} ../outside.txt +",
      "find . -maxdepth 0 -exec rg {} ../outside.txt \\;",
      "find . -maxdepth 0 -exec grep -n {} /etc/hostname \\;",
      "find . -name 'w*' -exec sed {} a.txt \\;",
      "find . -name 'B*' -exec awk {} a.txt \\;",
      "find . -exec jq {} package.json \\;",
    ]) {
      expect(verdict(command).decision, command).not.toBe("allow");
    }
  });

  it("asks when {} + hands more operands to a program whose extra operand is written", () => {
    for (const command of ["find a.txt b.txt -exec uniq {} +", "find . -name '*.txt' -exec xxd {} +", "find . -exec base64 {} +"]) {
      expect(verdict(command).decision, command).not.toBe("allow");
    }
  });

  it("asks when {} is inside a word: the name find builds is known only to the walk", () => {
    for (const command of ["find . -exec cat x{} \\;", "find src -exec cat ../{} \\;", "find . -exec cat {}/x \\;"]) {
      expect(verdict(command).decision, command).not.toBe("allow");
    }
  });

  it("still runs a reader over what it found unasked, {} as its file", () => {
    for (const command of [
      "find . -name '*.ts' -exec grep -l export {} +",
      "find src -type f -exec cat {} \\;",
      "find . -name '*.txt' -exec wc -l {} +",
      "find src -exec grep -n -e export {} +",
      "find . -name a.txt -exec diff {} b.txt \\;",
      "find . -name a.txt -exec uniq -c {} \\;",
      "find src -exec head -n 1 {} +",
    ]) {
      expect(verdict(command), command).toMatchObject({ decision: "allow", readOnly: true });
    }
  });
});
