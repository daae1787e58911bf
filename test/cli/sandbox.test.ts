import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { probeBubblewrap } from "../../src/engine/sandbox/bubblewrap.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";

const bwrapWorks = probeBubblewrap().works;
if (!bwrapWorks) console.warn(`sandbox.test.ts: bubblewrap tests are skipped: ${probeBubblewrap().reason}`);

describe("--sandbox from the command line", () => {
  it.skipIf(!bwrapWorks)("runs workspace-only writes without asking, inside bubblewrap", async () => {
    const box = makeSandbox();
    const script = box.script({
      turns: [{ tool_calls: [{ name: "run_command", arguments: { command: "touch made-in-sandbox.txt" } }] }, { text: "done" }],
    });
    const env = { FAKE_LLM: script, MINI_AGENT_HOME: box.home };
    // Without the sandbox the same command needs approval, and print mode without --yes refuses it.
    const plain = await runCli(["-p", "touch it", "--output-format", "json"], { cwd: box.workspace, env });
    expect(JSON.parse(plain.stdout).refused_calls).toHaveLength(1);
    expect(existsSync(path.join(box.workspace, "made-in-sandbox.txt"))).toBe(false);

    const sandboxed = await runCli(["-p", "touch it", "--sandbox", "--output-format", "json", "--new"], { cwd: box.workspace, env });
    expect(sandboxed.code, sandboxed.stderr).toBe(0);
    expect(JSON.parse(sandboxed.stdout).refused_calls).toEqual([]);
    expect(existsSync(path.join(box.workspace, "made-in-sandbox.txt"))).toBe(true);
  });

  it("--sandbox without bubblewrap: said once, and every command fails with how to install it", async () => {
    const box = makeSandbox();
    const script = box.script({
      turns: [{ tool_calls: [{ name: "run_command", arguments: { command: "touch ran.txt" } }] }, { text: "said: {{last_result}}" }],
    });
    const run = await runCli(["-p", "hi", "--sandbox", "--yes", "--output-format", "json"], {
      cwd: box.workspace,
      env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home, PATH: nodeOnlyPath(box) },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr.match(/Sandbox unavailable/g)).toHaveLength(1);
    expect(JSON.parse(run.stdout).final_text).toMatch(/sandbox was requested but cannot run: .*install bubblewrap/);
    expect(existsSync(path.join(box.workspace, "ran.txt"))).toBe(false);
  });

  it("--yes without bubblewrap: says once that commands run unconfined, and runs them", async () => {
    const box = makeSandbox();
    const script = box.script({ turns: [{ tool_calls: [{ name: "run_command", arguments: { command: "echo hi > ran.txt" } }] }, { text: "ok" }] });
    const run = await runCli(["-p", "hi", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home, PATH: nodeOnlyPath(box) } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr.match(/commands run unconfined/g)).toHaveLength(1);
    expect(existsSync(path.join(box.workspace, "ran.txt"))).toBe(true);
  });

  it.skipIf(process.platform !== "linux")("probes bwrap only once a command comes, and says a broken one once", async () => {
    const box = makeSandbox();
    const bin = nodeOnlyPath(box);
    // A bwrap that cannot create namespaces, and writes down every time it is started.
    const log = path.join(box.home, "bwrap.log");
    writeFileSync(path.join(bin, "bwrap"), `#!/bin/bash\necho "$*" >> ${JSON.stringify(log)}\necho "no namespaces in this test" >&2\nexit 1\n`, { mode: 0o755 });
    const env = { MINI_AGENT_HOME: box.home, PATH: bin };
    const writes = box.script({ turns: [{ tool_calls: [{ name: "write_file", arguments: { path: "a.txt", content: "a\n" } }] }, { text: "ok" }] });
    const quiet = await runCli(["-p", "write", "--yes"], { cwd: box.workspace, env: { ...env, FAKE_LLM: writes } });
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(existsSync(log)).toBe(false);
    expect(quiet.stderr).not.toMatch(/sandbox/i);

    const commands = box.script({
      turns: [{ tool_calls: [{ name: "run_command", arguments: { command: "echo one" } }, { name: "run_command", arguments: { command: "echo two" } }] }, { text: "ok" }],
    });
    const run = await runCli(["-p", "run", "--yes", "--new"], { cwd: box.workspace, env: { ...env, FAKE_LLM: commands } });
    expect(run.code, run.stderr).toBe(0);
    // One probe for the session: with the seccomp filter, and (only because that failed) once without it to tell why.
    const starts = readFileSync(log, "utf8").trim().split("\n");
    expect(starts).toHaveLength(2);
    expect(starts[0]).toContain("--seccomp 3");
    expect(starts[1]).not.toContain("--seccomp");
    expect(run.stderr.match(/No sandbox here \(bwrap cannot create its namespaces here: no namespaces in this test\): commands run unconfined/g)).toHaveLength(1);
  });
});

/**
 * A PATH without bwrap: a folder holding links to node and bash only, beside the agent home
 * (mini-agent takes no program of its own from a PATH folder inside that home, ADR 0061).
 */
function nodeOnlyPath(box: { home: string }): string {
  const bin = path.join(path.dirname(box.home), "bin");
  mkdirSync(bin, { recursive: true });
  symlinkSync(process.execPath, path.join(bin, "node"));
  for (const tool of ["bash", "touch"]) {
    const found = ["/bin", "/usr/bin"].map((dir) => path.join(dir, tool)).find((file) => existsSync(file));
    if (found) symlinkSync(found, path.join(bin, tool));
  }
  return bin;
}

describe("--yes runs commands in the sandbox by default (bubblewrap, end to end)", () => {
  it.skipIf(!bwrapWorks)("a write outside the workspace fails, a workspace write succeeds, ~/.ssh/id_rsa reads as absent", async () => {
    const box = makeSandbox();
    const fakeHome = path.join(path.dirname(box.home), "user-home");
    mkdirSync(path.join(fakeHome, ".ssh"), { recursive: true });
    writeFileSync(path.join(fakeHome, ".ssh", "id_rsa"), "PRIVATE-KEY-BYTES\n");
    writeFileSync(path.join(fakeHome, ".netrc"), "machine x password NETRC-SECRET\n");
    const outside = path.join(path.dirname(box.home), "outside");
    mkdirSync(outside);
    // The outside path is in a variable: the policy cannot see it, so --yes approves and only the sandbox stands in the way.
    const command = `echo in > inside.txt; d=${outside}; echo out > "$d/escaped.txt"; cat ~/.ssh/id_rsa; cat ~/.netrc; echo end`;
    const script = box.script({ turns: [{ tool_calls: [{ name: "run_command", arguments: { command } }] }, { text: "result: {{last_result}}" }] });
    const env = { FAKE_LLM: script, MINI_AGENT_HOME: box.home, HOME: fakeHome };
    const run = await runCli(["-p", "go", "--yes", "--output-format", "json"], { cwd: box.workspace, env });
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout).final_text as string;
    expect(readFileSync(path.join(box.workspace, "inside.txt"), "utf8")).toBe("in\n");
    expect(existsSync(path.join(outside, "escaped.txt"))).toBe(false);
    expect(result).toMatch(/escaped\.txt: Read-only file system/);
    expect(result).toContain("end");
    expect(result).toMatch(/id_rsa: No such file or directory/);
    expect(result).not.toContain("PRIVATE-KEY-BYTES");
    expect(result).not.toContain("NETRC-SECRET");

    // --no-sandbox opts out, with a warning, and the same command reaches outside.
    const plain = await runCli(["-p", "go", "--yes", "--no-sandbox", "--new"], { cwd: box.workspace, env });
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stderr).toMatch(/--no-sandbox: commands run unconfined/);
    expect(existsSync(path.join(outside, "escaped.txt"))).toBe(true);
  });
});

describe('"sandbox_network" in the user config reaches the sandbox (end to end)', () => {
  it.skipIf(!bwrapWorks || !existsSync("/usr/bin/curl"))("a listed host is reached through the proxy, an unlisted one is refused, \"on\" is warned once", async () => {
    const box = makeSandbox();
    const requests: string[] = [];
    const server = createServer((req, res) => {
      requests.push(req.url ?? "");
      res.end("from-host-server");
    });
    await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
    try {
      const url = `http://${os.hostname()}:${(server.address() as AddressInfo).port}`;
      const command = `curl -fsS -m 10 ${url}/a; echo "rc=$?"`;
      const script = box.script({ turns: [{ tool_calls: [{ name: "run_command", arguments: { command } }] }, { text: "result: {{last_result}}" }] });
      const env = { FAKE_LLM: script, MINI_AGENT_HOME: box.home };
      const runWith = async (setting: unknown) => {
        writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ sandbox_network: setting }));
        const run = await runCli(["-p", "go", "--sandbox", "--yes", "--new", "--output-format", "json"], { cwd: box.workspace, env });
        expect(run.code, run.stderr).toBe(0);
        return { result: JSON.parse(run.stdout).final_text as string, stderr: run.stderr };
      };
      const listed = await runWith(["defaults", new URL(url).host]);
      expect(listed.result).toContain("from-host-server");
      expect(requests).toEqual(["/a"]);
      const unlisted = await runWith(["defaults"]);
      expect(unlisted.result).toMatch(/rc=[1-9]/);
      expect(unlisted.result).toContain("The sandbox refused network access to");
      expect(requests).toEqual(["/a"]);
      const on = await runWith("on");
      expect(on.stderr.match(/"sandbox_network": "on": sandboxed commands may reach any host/g)).toHaveLength(1);
    } finally {
      server.close();
    }
  });
});

describe("\"sandbox\" in the config", () => {
  it("accepts the closed set and rejects anything else with the file, line and column", async () => {
    const box = makeSandbox();
    const script = box.script({ turns: [{ text: "ok" }] });
    const env = { FAKE_LLM: script, MINI_AGENT_HOME: box.home };
    for (const value of ['"auto"', '"on"', "true", '"off"', "false", '"workspace-write"']) {
      writeFileSync(path.join(box.home, "config.json"), `{"sandbox": ${value}}`);
      const run = await runCli(["-p", "hi", "--new"], { cwd: box.workspace, env });
      expect(run.code, `${value}: ${run.stderr}`).toBe(0);
    }
    writeFileSync(path.join(box.home, "config.json"), '{\n  "model": "x",\n  "sandbox": "strict"\n}\n');
    const bad = await runCli(["-p", "hi", "--new"], { cwd: box.workspace, env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`${path.join(box.home, "config.json")} at line 3, column 14`);
    expect(bad.stderr).toMatch(/invalid "sandbox" "strict"; expected one of "auto", "workspace-write", "on", true, "off", false/);
    const both = await runCli(["-p", "hi", "--sandbox", "--no-sandbox"], { cwd: box.workspace, env });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("--sandbox and --no-sandbox cannot be used together");
  });
});
