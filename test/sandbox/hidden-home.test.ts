// The home seen from inside the sandbox (ADR 0037), under the real bubblewrap: an allowlist,
// not a denylist. What a sandboxed process can read is what crossed the boundary, so every
// assertion is on what a real command printed: a secret's text must never appear, however the
// store is reached (a symlink out of the home, a variable that moves it, a name no list knew).
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { probeBubblewrap } from "../../src/engine/sandbox/bubblewrap.js";
import { createCommandTools, type CommandTools } from "../../src/engine/tools/command/command-tools.js";

const bwrapWorks = probeBubblewrap().works;
let base: string;
let root: string;
let home: string;
let session: CommandTools | undefined;

function put(file: string, content: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

/** Runs `command` in a fresh session whose HOME is the test's home and whose environment adds `env`. */
async function run(command: string, env: NodeJS.ProcessEnv = {}, hidden: string[] = []): Promise<string> {
  await session?.closeAll();
  session = createCommandTools({
    root,
    tasksDir: path.join(base, "tasks"),
    sandbox: "workspace-write",
    home,
    env: { PATH: process.env.PATH, HOME: home, ...env },
    sandboxHidden: hidden,
  });
  const tool = session.tools.find((candidate) => candidate.name === "run_command")!;
  return (await tool.execute({ command }, { signal: new AbortController().signal })).content;
}

beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), "hidden-home-"));
  root = path.join(base, "home", "projects", "app");
  home = path.join(base, "home");
  mkdirSync(root, { recursive: true });
});
afterEach(async () => {
  await session?.closeAll();
  session = undefined;
  rmSync(base, { recursive: true, force: true });
});

describe.skipIf(!bwrapWorks)("a store reached through a symlink is absent, at both its names", () => {
  it("~/.aws linked by a dotfile manager to a folder outside the home", async () => {
    const real = put(path.join(base, "dotfiles", "aws", "credentials"), "aws_secret_access_key = AWSSECRET\n");
    symlinkSync(path.dirname(real), path.join(home, ".aws"));
    const out = await run(`cat ~/.aws/credentials ${real}; ls ${path.dirname(real)}; echo done`);
    expect(out).toContain("done");
    expect(out).not.toContain("AWSSECRET");
    expect(out).not.toMatch(/^credentials$/m);
  });

  it("~/.config/gh linked elsewhere, and ~/.config itself a link", async () => {
    const gh = put(path.join(base, "dotfiles", "gh", "hosts.yml"), "oauth_token: GHSECRET\n");
    mkdirSync(path.join(home, ".config"));
    symlinkSync(path.dirname(gh), path.join(home, ".config", "gh"));
    expect(await run(`cat ~/.config/gh/hosts.yml ${gh}; echo done`)).not.toContain("GHSECRET");
    rmSync(path.join(home, ".config"), { recursive: true });
    const token = put(path.join(base, "cfg", "gh", "hosts.yml"), "oauth_token: GHSECRET2\n");
    symlinkSync(path.join(base, "cfg"), path.join(home, ".config"));
    const out = await run(`cat ~/.config/gh/hosts.yml ${token}; echo done`);
    expect(out).toContain("done");
    expect(out).not.toContain("GHSECRET2");
  });

  it("~/.ssh linked to a folder inside the home, and a shown path that leads into a store is not shown", async () => {
    const key = put(path.join(home, "dotfiles", "ssh", "id_ed25519"), "SSHPRIVATE\n");
    symlinkSync(path.dirname(key), path.join(home, ".ssh"));
    // ~/.local/bin is on the allowlist, but here it is a link into the store.
    mkdirSync(path.join(home, ".local"));
    symlinkSync(path.dirname(key), path.join(home, ".local", "bin"));
    const out = await run(`cat ~/.ssh/id_ed25519 ${key} ~/.local/bin/id_ed25519; echo done`);
    expect(out).toContain("done");
    expect(out).not.toContain("SSHPRIVATE");
  });
});

describe.skipIf(!bwrapWorks)("a store moved by an environment variable is absent, and the variable is gone", () => {
  it("AWS_SHARED_CREDENTIALS_FILE and AWS_CONFIG_FILE pointing outside the home", async () => {
    const creds = put(path.join(base, "elsewhere", "creds"), "[default]\naws_secret_access_key = MOVEDSECRET\n");
    const config = put(path.join(base, "other", "config"), "[profile x]\nregion = MOVEDCONFIG\n");
    const out = await run('cat "$AWS_SHARED_CREDENTIALS_FILE" ' + `${creds} ${config}; echo "vars:\${AWS_SHARED_CREDENTIALS_FILE-unset}:\${AWS_CONFIG_FILE-unset}"`, {
      AWS_SHARED_CREDENTIALS_FILE: creds,
      AWS_CONFIG_FILE: config,
    });
    expect(out).toContain("vars:unset:unset");
    expect(out).not.toContain("MOVEDSECRET");
    expect(out).not.toContain("MOVEDCONFIG");
  });

  it("KUBECONFIG as a list, DOCKER_CONFIG and GNUPGHOME as folders", async () => {
    const kubeA = put(path.join(base, "k", "a.yaml"), "token: KUBEA\n");
    const kubeB = put(path.join(base, "k2", "b.yaml"), "token: KUBEB\n");
    const docker = put(path.join(base, "dock", "config.json"), '{"auths":{"x":{"auth":"DOCKERAUTH"}}}');
    const gnupg = put(path.join(base, "gpg", "private-keys-v1.d", "k.key"), "GPGKEY\n");
    const out = await run(`cat ${kubeA} ${kubeB} ${docker} ${gnupg}; env | grep -c -E '^(KUBECONFIG|DOCKER_CONFIG|GNUPGHOME)=' ; echo done`, {
      KUBECONFIG: `${kubeA}${path.delimiter}${kubeB}`,
      DOCKER_CONFIG: path.dirname(docker),
      GNUPGHOME: path.join(base, "gpg"),
    });
    expect(out).toContain("done");
    for (const secret of ["KUBEA", "KUBEB", "DOCKERAUTH", "GPGKEY"]) expect(out).not.toContain(secret);
    expect(out).toMatch(/^0$/m);
  });

  it("the agent's home given as a symlink: its real folder, with every session, is hidden", async () => {
    const session = put(path.join(base, "real-agent-home", "sessions", "s1", "events.jsonl"), '{"api_key":"AGENTSECRET"}\n');
    symlinkSync(path.join(base, "real-agent-home"), path.join(base, "agent-link"));
    const out = await run(`cat ${session} ${path.join(base, "agent-link", "sessions", "s1", "events.jsonl")}; echo "v:\${MINI_AGENT_HOME-unset}"`, { MINI_AGENT_HOME: path.join(base, "agent-link") }, [
      path.join(base, "agent-link"),
    ]);
    expect(out).toContain("v:unset");
    expect(out).not.toContain("AGENTSECRET");
  });
});

describe.skipIf(!bwrapWorks)("the home shows only what toolchains need", () => {
  it("stores no list named are absent: ~/.m2/settings.xml, ~/.gradle/gradle.properties, another agent's token, shell history", async () => {
    const files = {
      ".m2/settings.xml": "<password>M2SECRET</password>",
      ".gradle/gradle.properties": "signing.password=GRADLESECRET",
      ".codex/auth.json": '{"token":"CODEXSECRET"}',
      ".bash_history": "export TOKEN=HISTSECRET",
      ".config/some-new-cli/token": "NEWCLISECRET",
      ".bashrc": "export GITHUB_TOKEN=RCSECRET",
    };
    for (const [relative, content] of Object.entries(files)) put(path.join(home, relative), content);
    const out = await run(`cat ${Object.keys(files).map((relative) => `~/${relative}`).join(" ")}; ls -A ~; echo done`);
    expect(out).toContain("done");
    // Nothing of the home but the way to the workspace.
    expect(out).toMatch(/^projects\ndone$/m);
    for (const secret of ["M2SECRET", "GRADLESECRET", "CODEXSECRET", "HISTSECRET", "NEWCLISECRET", "RCSECRET"]) expect(out).not.toContain(secret);
  });

  it("a shown toolchain runs, read-only, beside a hidden credential file in the same folder", async () => {
    const tool = put(path.join(home, ".cargo", "bin", "mytool"), "#!/bin/sh\necho tool-ran\n");
    chmodSync(tool, 0o755);
    put(path.join(home, ".cargo", "credentials.toml"), 'token = "CARGOSECRET"\n');
    const out = await run("~/.cargo/bin/mytool; cat ~/.cargo/credentials.toml; echo planted > ~/.cargo/bin/mytool; echo done");
    expect(out).toContain("tool-ran");
    expect(out).toContain("done");
    expect(out).not.toContain("CARGOSECRET");
    expect(readFileSync(tool, "utf8")).toBe("#!/bin/sh\necho tool-ran\n");
  });

  it("started in the home itself, the home cannot be replaced: its stores are hidden one by one", async () => {
    root = home;
    put(path.join(home, ".aws", "credentials"), "HOMEAWS\n");
    put(path.join(home, ".config", "gh", "hosts.yml"), "HOMEGH\n");
    const linked = put(path.join(base, "dotfiles", "npmrc"), "//registry.npmjs.org/:_authToken=HOMENPM\n");
    symlinkSync(linked, path.join(home, ".npmrc"));
    put(path.join(home, "notes.txt"), "plain notes\n");
    const out = await run(`cat ~/.aws/credentials ~/.config/gh/hosts.yml ~/.npmrc ${linked} notes.txt; echo done`);
    expect(out).toContain("plain notes");
    expect(out).toContain("done");
    for (const secret of ["HOMEAWS", "HOMEGH", "HOMENPM"]) expect(out).not.toContain(secret);
  });

  it("the home is the session's own: writable there, kept between its commands, never the host's", async () => {
    await session?.closeAll();
    session = createCommandTools({ root, tasksDir: path.join(base, "tasks"), sandbox: "workspace-write", home, env: { PATH: process.env.PATH, HOME: home } });
    const tool = session.tools.find((candidate) => candidate.name === "run_command")!;
    const exec = async (command: string) => (await tool.execute({ command }, { signal: new AbortController().signal })).content;
    expect(await exec("mkdir -p ~/.cache/x && echo kept > ~/.cache/x/f && echo ok")).toContain("ok");
    expect(await exec("cat ~/.cache/x/f")).toContain("kept");
    expect(() => readFileSync(path.join(home, ".cache", "x", "f"))).toThrow();
    // The workspace inside the home is still the real one.
    expect(await exec("echo w > in-workspace.txt && cat in-workspace.txt")).toContain("w");
    expect(readFileSync(path.join(root, "in-workspace.txt"), "utf8")).toBe("w\n");
  });
});

describe.skipIf(!bwrapWorks)("siblings: other moved and unlisted stores (issue 21, class 2)", () => {
  it("npm's, pip's, Azure's and Helm's stores moved by their variables", async () => {
    const npmrc = put(path.join(base, "n", "npmrc"), "//registry.npmjs.org/:_authToken=NPMMOVED\n");
    const pip = put(path.join(base, "p", "pip.conf"), "[global]\nindex-url = https://u:PIPMOVED@pypi.example.com/simple\n");
    const azure = put(path.join(base, "az", "msal_token_cache.json"), '{"AccessToken":"AZUREMOVED"}');
    const helm = put(path.join(base, "helm", "registry", "config.json"), '{"auths":{"r":{"auth":"HELMMOVED"}}}');
    const helmRepos = put(path.join(base, "helm2", "repositories.yaml"), "password: HELMREPOS\n");
    const out = await run(`cat ${npmrc} ${pip} ${azure} ${helm} ${helmRepos} 2>/dev/null; env | grep -c -iE '^(NPM_CONFIG_USERCONFIG|PIP_CONFIG_FILE|AZURE_CONFIG_DIR|HELM_)' ; echo done`, {
      NPM_CONFIG_USERCONFIG: npmrc,
      PIP_CONFIG_FILE: pip,
      AZURE_CONFIG_DIR: path.dirname(azure),
      HELM_REGISTRY_CONFIG: helm,
      HELM_REPOSITORY_CONFIG: helmRepos,
      HELM_CONFIG_HOME: path.join(base, "helm"),
    });
    expect(out).toContain("done");
    for (const secret of ["NPMMOVED", "PIPMOVED", "AZUREMOVED", "HELMMOVED", "HELMREPOS"]) expect(out).not.toContain(secret);
    expect(out).toMatch(/^0$/m);
  });

  it("CARGO_HOME kept for its toolchain while its credentials are hidden, and GRADLE_USER_HOME's properties", async () => {
    const cargo = path.join(base, "cargo");
    put(path.join(cargo, "bin", "cargo-x"), "#!/bin/sh\necho TOOLCHAIN-OK\n");
    chmodSync(path.join(cargo, "bin", "cargo-x"), 0o755);
    put(path.join(cargo, "credentials.toml"), '[registry]\ntoken = "CARGOMOVED"\n');
    const gradle = put(path.join(base, "gradle", "gradle.properties"), "mavenPassword=GRADLEMOVED\n");
    const out = await run(`cat ${cargo}/credentials.toml ${gradle} 2>/dev/null; ${cargo}/bin/cargo-x; echo done`, {
      CARGO_HOME: cargo,
      GRADLE_USER_HOME: path.dirname(gradle),
    });
    expect(out).toContain("done");
    expect(out).toContain("TOOLCHAIN-OK");
    for (const secret of ["CARGOMOVED", "GRADLEMOVED"]) expect(out).not.toContain(secret);
  });

  it("stores under names no list holds: a new agent's login, a tool's token in ~/.config, ~/.local/share", async () => {
    put(path.join(home, ".newagent", "auth.json"), '{"token":"NEWAGENT"}');
    put(path.join(home, ".config", "some-cli", "hosts.yml"), "oauth_token: SOMECLI\n");
    put(path.join(home, ".local", "share", "tool", "session"), "LOCALSHARE\n");
    put(path.join(home, ".cache", "tool", "token"), "CACHETOKEN\n");
    const out = await run(`cat ~/.newagent/auth.json ~/.config/some-cli/hosts.yml ~/.local/share/tool/session ~/.cache/tool/token ${path.join(home, ".newagent", "auth.json")} 2>&1; ls -a ~; echo done`);
    expect(out).toContain("done");
    for (const secret of ["NEWAGENT", "SOMECLI", "LOCALSHARE", "CACHETOKEN"]) expect(out).not.toContain(secret);
    expect(out).not.toMatch(/^\.newagent$/m);
    expect(out).toMatch(/^projects$/m);
  });
});

describe.skipIf(!bwrapWorks)("credentials under fixed names in the shared temp folder", () => {
  it("a Kerberos ticket cache and an agent's socket folder are absent; other temp files stay readable", async () => {
    const tag = path.basename(base);
    const made = [
      put(path.join(os.tmpdir(), `krb5cc_${tag}`), "KRB5TICKET\n"),
      put(path.join(os.tmpdir(), `ssh-${tag}`, "agent.123"), "SSHAGENTSOCK\n"),
      put(path.join(os.tmpdir(), `tmux-4242${tag.replace(/\D/g, "").slice(0, 4)}`, "default"), "TMUXSOCK\n"),
    ];
    const plain = put(path.join(os.tmpdir(), `plain-${tag}.txt`), "PLAINTEMP\n");
    try {
      const out = await run(`cat ${made.join(" ")} ${plain}; ls ${path.dirname(made[1]!)}; echo done`);
      expect(out).toContain("done");
      expect(out).toContain("PLAINTEMP");
      for (const secret of ["KRB5TICKET", "SSHAGENTSOCK", "TMUXSOCK"]) expect(out).not.toContain(secret);
      expect(out).not.toMatch(/^agent\.123$/m);
    } finally {
      for (const file of [...made, plain]) rmSync(file.includes(`krb5cc_`) || file === plain ? file : path.dirname(file), { recursive: true, force: true });
    }
  });
});
