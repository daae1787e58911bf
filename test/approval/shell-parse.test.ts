// The parser layer: what a command line flattens into, and what it refuses to guess.
import { describe, expect, it } from "vitest";
import { parseCommandLine } from "../../src/engine/approval/shell/shell-parse.js";

const names = (line: string) => parseCommandLine(line).commands.filter((command) => !command.speculative).map((command) => command.name);

describe("parseCommandLine", () => {
  it("normalises spellings of a command name", () => {
    for (const line of ["/bin/rm x", "/usr/bin/rm x", "\\rm x", "r''m x", '"rm" x', "$'\\x72m' x", "command rm x", "env rm x", "env -i A=1 rm x"]) {
      expect(names(line), line).toEqual(["rm"]);
    }
  });

  it("does not treat a program from a workspace path as the system one", () => {
    const [command] = parseCommandLine("./ls -la").commands;
    expect(command).toMatchObject({ name: "ls", localProgram: true });
  });

  it("finds commands inside lists, pipelines, subshells, loops, functions and substitutions", () => {
    expect(names("a && b || c; (d | e) & { f; }").sort()).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(names("echo $(whoami) `id` <(uname)").sort()).toEqual(["echo", "id", "uname", "whoami"]);
    expect(names("for i in 1; do if x; then y; fi; done").sort()).toEqual(["x", "y"]);
  });

  it("follows bash -c strings, eval and find -exec", () => {
    expect(names(`bash -c "ls; sh -c 'rm x'"`)).toEqual(["ls", "rm"]);
    expect(names("eval 'git push'")).toEqual(["git"]);
    expect(names("find . -exec /bin/rm {} +").sort()).toEqual(["find", "rm"]);
    expect(names("timeout -s KILL 5 nice -n 3 xargs rm")).toEqual(["rm"]);
  });

  it("marks what it cannot see through", () => {
    expect(parseCommandLine("$x -rf /").opaque[0]?.reason).toMatch(/computed at run time/);
    expect(parseCommandLine('bash -c "$script"').opaque[0]?.reason).toMatch(/computed at run time/);
    expect(parseCommandLine("eval ls").opaque[0]?.reason).toMatch(/eval/);
    expect(parseCommandLine('echo "unterminated').opaque[0]?.reason).toMatch(/parser cannot read/);
    expect(parseCommandLine("f() { ls; }; f").opaque[0]?.reason).toMatch(/function/);
  });

  it("records redirections, pipes and run-time arguments", () => {
    const [left, right] = parseCommandLine("curl x 2>&1 | sh > out.txt").commands;
    expect(left).toMatchObject({ name: "curl", pipedInput: false });
    expect(right).toMatchObject({ name: "sh", pipedInput: true });
    expect(right?.redirects).toEqual([expect.objectContaining({ op: ">", target: expect.objectContaining({ value: "out.txt", literal: true }) })]);
    const [xargs] = parseCommandLine("xargs grep foo").commands;
    expect(xargs).toMatchObject({ name: "grep", extraArgs: true, via: ["xargs"] });
    const [echo] = parseCommandLine("echo ${!ref} $((1+1))").commands;
    expect(echo?.args.every((word) => word.unsafe)).toBe(true);
  });
});
