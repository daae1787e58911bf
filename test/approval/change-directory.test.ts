// `cd dir && …` runs unasked when everything after the cd only reads inside the workspace, as
// judged from every directory the line may be in by then; a cd that leaves the workspace, or
// that bash and the kernel read differently, still asks. End to end, CDPATH (set in the
// environment or by a login profile) cannot send an allowed `cd name` somewhere else.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";
import { approvalWorkspace } from "../helpers/approval-workspace.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";

const outside = mkdtempSync(path.join(os.tmpdir(), "cd-outside-"));
writeFileSync(path.join(outside, "secret.txt"), "outside\n");
const root = approvalWorkspace({ "src/.env.local": "K=1\n", "docs/guide.md": "# g\n", "docs/deep/er/x.md": "x\n" });
symlinkSync(outside, path.join(root, "out"));
symlinkSync(path.join(root, "docs"), path.join(root, "docs-link"));
const verdict = (command: string, sandbox = false) => classifyCommand(command, { root, sandbox });

describe("cd before a read-only command", () => {
  it.each([
    "cd docs && ls",
    "cd docs && cat guide.md",
    "cd docs && cat ../a.txt",
    "cd docs && grep -n g guide.md | head -5",
    "cd docs/deep && cat er/x.md ../guide.md",
    "(cd docs && wc -l guide.md)",
    "ls && cd docs && cat ../README.md",
    "cd docs && cat guide.md && cat ../a.txt",
    "cd docs; ls",
    "cd docs-link && cat guide.md",
    `cd ${root}/docs && ls`,
    "cd docs && cd deep && cat er/x.md",
  ])("%s runs unasked, as read-only", (command) => {
    expect(verdict(command)).toMatchObject({ decision: "allow", readOnly: true });
  });

  it.each([
    // Out of the workspace, or into a credential.
    "cd / && cat etc/hostname",
    "cd .. && ls",
    "cd ~ && ls",
    "cd && ls",
    "cd - && ls",
    "cd $HOME && ls",
    `cd ${outside} && cat secret.txt`,
    "cd out && cat secret.txt",
    "cd src && cat .env.local",
    "cd src && grep -r K .",
    // `..` after a cd: bash's logical cd and the kernel disagree about it.
    "cd docs/.. && ls",
    "cd docs && cd .. && ls",
    "cd docs-link/.. && ls",
    // A path fine from the new directory but not from the old one, where `;` runs it if the cd failed.
    "cd docs; cat ../a.txt",
    "cd docs && ls; cat ../a.txt",
    "cd docs/deep/er && cat ../../../../x",
    // Not knowable, or not a directory.
    "cd nope && ls",
    "cd a.txt && ls",
    "cd do* && ls",
    "cd $D && ls",
    "cd -P docs && ls",
    "cd docs deep && ls",
    // What reads its own configuration from where it starts.
    "cd docs && git status",
    "cd docs && npm test",
  ])("%s asks", (command) => {
    expect(verdict(command).decision).not.toBe("allow");
  });

  it("writing after a cd is judged from there too (the sandbox's workspace-only writers)", () => {
    expect(verdict("cd docs && ls > /tmp/x", true).decision).toBe("deny");
    expect(verdict("cd docs && rm ../../x", true).decision).not.toBe("allow");
  });
});

describe("end to end", () => {
  it("print mode without --yes runs `cd sub && cat` unasked, in the workspace even with CDPATH set", async () => {
    const box = makeSandbox();
    mkdirSync(path.join(box.workspace, "sub"));
    writeFileSync(path.join(box.workspace, "sub", "a.txt"), "inside the workspace\n");
    // A CDPATH entry with the same folder name: bash's `cd sub` would go there first.
    mkdirSync(path.join(outside, "sub"), { recursive: true });
    writeFileSync(path.join(outside, "sub", "a.txt"), "out of the workspace\n");
    const script = box.script({ turns: [{ tool_calls: [{ name: "run_command", arguments: { command: "cd sub && cat a.txt" } }] }, { text: "said: {{last_result}}" }] });
    const result = await runCli(["-p", "read it"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home, CDPATH: outside } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("inside the workspace");
    expect(result.stdout).not.toContain("out of the workspace");
    expect(result.stderr).not.toMatch(/approv|denied|refused/i);
  });
});
