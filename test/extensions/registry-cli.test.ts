// The registry through the real CLI against a local https index whose self-signed
// certificate the child trusts (NODE_EXTRA_CA_CERTS).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAVE_OPENSSL, startHttpsFiles, type HttpsFiles } from "../helpers/https-files.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";

if (!HAVE_OPENSSL) console.log("registry tests skipped: openssl is not installed (it makes the test certificate)");

const sha = (text: string) => createHash("sha256").update(text).digest("hex");
const SKILL = "---\nname: changelog\ndescription: Write a changelog entry the way this team does\n---\nAdd a line under Unreleased.\n";
const TEMPLATE = "## Unreleased\n- …\n";
const GUARD = JSON.stringify({ name: "no-force-push", rules: [{ tool: "run_command", args: { command: "*push*--force*" }, reason: "no force pushes" }] });

describe.skipIf(!HAVE_OPENSSL)("registry", () => {
  let server: HttpsFiles;
  beforeAll(async () => {
    server = await startHttpsFiles();
    server.files.set("/skills/changelog/SKILL.md", SKILL);
    server.files.set("/skills/changelog/template.md", TEMPLATE);
    server.files.set("/guards/no-force-push.json", GUARD);
    server.files.set("/bad/SKILL.md", SKILL);
    server.files.set(
      "/index.json",
      JSON.stringify({
        entries: [
          { kind: "skill", name: "changelog", description: "Changelog entries", version: "1.0.0", files: [
            { path: "SKILL.md", url: "skills/changelog/SKILL.md", sha256: sha(SKILL) },
            { path: "templates/entry.md", url: "skills/changelog/template.md", sha256: sha(TEMPLATE) },
          ] },
          { kind: "guard", name: "no-force-push", description: "Refuse force pushes", version: "2", files: [{ path: "no-force-push.json", url: "guards/no-force-push.json", sha256: sha(GUARD) }] },
          { kind: "skill", name: "tampered", description: "Checksum will not match", files: [{ path: "SKILL.md", url: "bad/SKILL.md", sha256: sha("something else") }] },
        ],
      }),
    );
  });
  afterAll(() => server?.close());

  const env = (home: string) => ({ MINI_AGENT_HOME: home, MINI_AGENT_REGISTRY: `${server.url}/index.json`, NODE_EXTRA_CA_CERTS: server.caFile });

  it("searches, shows in full, installs with checksums recorded, and removes", async () => {
    const box = makeSandbox();
    const search = await runCli(["registry", "search", "force"], { cwd: box.workspace, env: env(box.home) });
    expect(search.stderr).toBe("");
    expect(search.stdout).toBe("no-force-push (guard 2): Refuse force pushes\n");

    const show = await runCli(["registry", "show", "changelog"], { cwd: box.workspace, env: env(box.home) });
    expect(show.code).toBe(0);
    expect(show.stdout).toContain("Add a line under Unreleased.");
    expect(show.stdout).toContain("templates/entry.md");
    expect(existsSync(path.join(box.home, "skills", "changelog"))).toBe(false);

    // Without --yes and without a terminal: shown in full, not installed.
    const unconfirmed = await runCli(["registry", "install", "changelog"], { cwd: box.workspace, env: env(box.home) });
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stdout).toContain("Add a line under Unreleased.");
    expect(unconfirmed.stderr).toContain("rerun with --yes");
    expect(existsSync(path.join(box.home, "skills", "changelog"))).toBe(false);

    const installed = await runCli(["registry", "install", "changelog", "--yes"], { cwd: box.workspace, env: env(box.home) });
    expect(installed.code).toBe(0);
    expect(readFileSync(path.join(box.home, "skills", "changelog", "SKILL.md"), "utf8")).toBe(SKILL);
    expect(readFileSync(path.join(box.home, "skills", "changelog", "templates", "entry.md"), "utf8")).toBe(TEMPLATE);
    expect((await runCli(["registry", "install", "no-force-push", "--yes"], { cwd: box.workspace, env: env(box.home) })).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(box.home, "guards", "no-force-push.json"), "utf8")).name).toBe("no-force-push");
    const records = JSON.parse(readFileSync(path.join(box.home, "registry", "installed.json"), "utf8"));
    expect(records).toEqual([
      expect.objectContaining({ kind: "skill", name: "changelog", version: "1.0.0", files: { "SKILL.md": sha(SKILL), "templates/entry.md": sha(TEMPLATE) } }),
      expect.objectContaining({ kind: "guard", name: "no-force-push", files: { "no-force-push.json": sha(GUARD) } }),
    ]);
    expect((await runCli(["registry", "search", "changelog"], { cwd: box.workspace, env: env(box.home) })).stdout).toContain("[installed]");

    expect((await runCli(["registry", "remove", "changelog"], { cwd: box.workspace, env: env(box.home) })).stdout).toBe("removed skill changelog\n");
    expect(existsSync(path.join(box.home, "skills", "changelog"))).toBe(false);
  });

  it("refuses a file whose checksum does not match, and installs nothing", async () => {
    const box = makeSandbox();
    const run = await runCli(["registry", "install", "tampered", "--yes"], { cwd: box.workspace, env: env(box.home) });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("tampered: SKILL.md does not match its checksum");
    expect(run.stdout).toBe("");
    expect(existsSync(path.join(box.home, "skills", "tampered"))).toBe(false);
  });

  it("never overwrites a skill a person wrote, and removes only what it installed", async () => {
    const box = makeSandbox();
    mkdirSync(path.join(box.home, "skills", "changelog"), { recursive: true });
    writeFileSync(path.join(box.home, "skills", "changelog", "SKILL.md"), "mine");
    const run = await runCli(["registry", "install", "changelog", "--yes"], { cwd: box.workspace, env: env(box.home) });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("was not installed from the registry; move it away first");
    expect(readFileSync(path.join(box.home, "skills", "changelog", "SKILL.md"), "utf8")).toBe("mine");
    const remove = await runCli(["registry", "remove", "changelog"], { cwd: box.workspace, env: env(box.home) });
    expect(remove.code).toBe(1);
    expect(existsSync(path.join(box.home, "skills", "changelog", "SKILL.md"))).toBe(true);
  });

  it("fails clearly without the certificate, without a registry, and for an unknown entry", async () => {
    const box = makeSandbox();
    const untrusted = await runCli(["registry", "search", "x"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, MINI_AGENT_REGISTRY: `${server.url}/index.json` } });
    expect(untrusted.code).toBe(1);
    expect(untrusted.stderr).toMatch(/cannot fetch https:\/\/127\.0\.0\.1:\d+\/index\.json: .*certificate/i);

    const none = await runCli(["registry", "search", "x"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home } });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("no registry configured: set MINI_AGENT_REGISTRY");

    const unknown = await runCli(["registry", "show", "nope"], { cwd: box.workspace, env: env(box.home) });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no entry named "nope"');

    expect((await runCli(["registry", "frobnicate"], { cwd: box.workspace, env: env(box.home) })).code).toBe(2);
  });
});

describe("a registry URL that is not https", () => {
  it("from MINI_AGENT_REGISTRY or config.json's \"registry\": exit 2 naming the setting, where it came from and the value; nothing fetched or written", async () => {
    const box = makeSandbox();
    for (const value of ["notaurl", "http://127.0.0.1:1/index.json", "ftp://example.com/index.json"]) {
      const run = await runCli(["registry", "search", "x"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, MINI_AGENT_REGISTRY: value } });
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain(`MINI_AGENT_REGISTRY ${JSON.stringify(value)} is not an https:// URL`);
    }
    const config = path.join(box.home, "config.json");
    writeFileSync(config, JSON.stringify({ registry: "notaurl" }));
    const fromFile = await runCli(["registry", "search", "x"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home } });
    expect(fromFile.code, fromFile.stderr).toBe(2);
    expect(fromFile.stderr).toContain(`${config} at line 1, column 13: "registry" "notaurl" is not an https:// URL`);
    // The user's own config is strict: the same mistake stops a run too.
    const run = await runCli(["-p", "hi"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: "1" } });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`${config} at line 1, column 13: "registry" "notaurl" is not an https:// URL`);
    expect(readFileSync(config, "utf8")).toBe(JSON.stringify({ registry: "notaurl" }));
    expect(existsSync(path.join(box.home, "skills"))).toBe(false);
  });
});
