// Issue 21, item 4: the allowlist is exact. Each class ran unasked (or, for launchers and
// wrappers, was only asked, so `--yes` ran it) before the fix; each has siblings. Verdicts
// against a real workspace on disk: globs, links and `.git` are real.
import { mkdirSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";
import { approvalWorkspace } from "../helpers/approval-workspace.js";

const root = approvalWorkspace({
  ".env": "TOKEN=x\n",
  "rg.conf": "--pre=./evil\n",
  "cfg/git/config": "[core]\n\tpager = ./evil\n",
  "a.tar": "x",
  "prog.awk": "BEGIN{}\n",
  "evil/HEAD": "ref: refs/heads/main\n",
  "evil/config": "[core]\n\tpager = ./x\n",
  "evil/objects/.keep": "",
  "evil/refs/.keep": "",
});
const decide = (command: string, sandbox = false) => classifyCommand(command, { root, sandbox }).decision;

/** Never allow-class, in or out of the sandbox. */
const ASKED: Record<string, string[]> = {
  "git long options that are not spelt in full (git accepts abbreviations in some commands)": [
    "git grep --open-files-in-pag=CMD x", "git grep --open=CMD x", "git blame --conten=../outside a.txt", "git blame --cont=/etc/hostname a.txt",
    "git log --outp=x", "git diff --ext", "git log -p --textc", "git status --porc", "git diff --no-ind /etc/hostname a.txt",
  ],
  "git options left out of the exact table": [
    "git grep -O x", "git grep -Oecho x", "git log --output=x", "git show --ext-diff", "git log --show-signature", "git grep -f /etc/hostname",
    "git blame --contents a.txt a.txt", "git log --help", "git diff --submodule=diff",
  ],
  "GNU abbreviations that mean a harmful option or none for sure": [
    "sort --out=x a.txt", "sort --comp=sh a.txt", "du --deref src", "du --dereference src", "grep --dereference-r x src", "wc --files0=x",
    "ls --deref", "date --s=now", "grep --col=always x a.txt", "cat --=x a.txt",
  ],
  "long names in full only where the parser has no abbreviations (rg, jq, tree)": ["rg --hid x", "rg --fol x", "jq --sort . a.txt", "tree --norep"],
  "bundles and values read as the program reads them": [
    "xxd -ps /etc/hostname", "xxd -c8 -ps /etc/hostname", "od -w /etc/hostname", "grep -rnR x src", "sort -rno x a.txt", "sort -rnox a.txt",
    "rg -g *.ts x", "grep -e -x --exclude-from=x a.txt", "rg -lL x", "head -c5 .env",
  ],
  "variables that change what a program loads": [
    "XDG_CONFIG_HOME=cfg git log -p", "RIPGREP_CONFIG_PATH=rg.conf rg x", "GIT_PAGER=cat git log", "PAGER=./evil git log", "LESSOPEN='|sh %s' cat a.txt",
    "POSIXLY_CORRECT=1 cat a.txt -n", "GCONV_PATH=. cat a.txt", "X=1 ls", "LANG=$L ls",
  ],
  "harmless names with values that are paths": ["LC_ALL=/tmp/x ls", "LANG=../../x ls", "LC_MESSAGES=./x ls", "LANGUAGE=../x ls", "TZ=/etc/passwd date", "TZ=:/etc/passwd date", "TERM=../x ls"],
  "variables set through env, export or a bare assignment": [
    "env RIPGREP_CONFIG_PATH=rg.conf rg x", "env XDG_CONFIG_HOME=cfg git log", "env -i ls", "env -u HOME ls", "PAGER=./evil; git log",
    "export PAGER=./evil; git log", "XDG_CONFIG_HOME=cfg; git log -p", "env LANG=$L ls",
  ],
  "options that follow links out of the tree while walking it": [
    "du -L", "du -sL .", "du --dereference src", "find -L . -name x", "find . -follow -name x", "ls -L", "ls -RL src", "ls --dereference src",
    "grep -R x src", "grep --dereference-recursive x src", "tree -l", "rg -L x", "rg --follow x",
  ],
  "printing the whole environment, whose secrets are scrubbed only by name": [
    "env", "printenv", "printenv -0", "env | grep DB", "jq -n env", "jq -n '$ENV'", "jq -n 'env.DB_PW'", "env LANG=C",
  ],
  "reads that never end, held until the timeout kills them": ["tail -f log.txt", "tail -F log.txt", "tail --follow=name log.txt", "tail -n 5 -f log.txt",
    "tail +1f log.txt", "tail +f log.txt", "tail +5lf log.txt"],
  "launchers whose startup files or loaded programs run": [
    "bash --rcfile x.sh -c ls", "bash --init-file x.sh -c ls", "bash --rcfile x.sh", "fakeroot -l ./x.so ls", "faketime --date-prog ./evil 'x' ls",
    "proot -q ./qemu ls",
  ],
};

/** Siblings written for the re-run (issue 21, class 4): other programs' ways to run or write, each spelt several ways. */
const SIBLINGS: Record<string, string[]> = {
  "tar's programs, abbreviated or bundled": [
    "tar --to-comm=sh -xf a.tar", "tar -tvf a.tar --use-comp=./evil", "tar -tf a.tar -I ./evil", "tar tf a.tar --checkpoint-action=exec=sh",
    "tar -tf a.tar -F ./evil", "tar -tf a.tar --info-script=x", "tar -tf a.tar --new-volume-script=x",
  ],
  "sed and awk scripts that write or run": [
    "sed -n 'w out' a.txt", "sed 's/a/b/w out' a.txt", "sed 's/a/ls/e' a.txt", "sed 'e ls' a.txt", "sed --in-pl s/a/b/ a.txt", "sed -ni p a.txt",
    "awk '{print | \"sh\"}' a.txt", "awk 'BEGIN{\"date\" | getline}'", "awk '{print > \"f\"}' a.txt", "awk -f prog.awk a.txt",
  ],
  "find, sort, xargs and rg options that write or run": [
    "find . -fprint0 x", "find . -fls x", "find . -execdir ls ;", "find . -ok ls ;", "sort --compress-program=sh a.txt", "shuf --outp=x a.txt",
    "ls | xargs rm", "rg --pr ./evil x", "rg --pre-g=* x", "rg --hostname-bin=./x x",
  ],
  "git pointed at another git dir, or told to run something": [
    "git --git-di=evil log", "git --git-dir=evil log", "GIT_DIR=evil git log", "git --work-tree=. --git-dir=evil status", "git --exec-path=. log",
    "git -p log", "git --paginate log", "git show --textconv HEAD", "git grep --textconv x",
    "git log --format=%GS -1", "git log --pretty=format:%GK", "git show -s --format=tformat:%GG HEAD", "git shortlog --format=%GF", "git -c diff.external=x diff", "GIT_EXTERNAL_DIFF=x git diff",
  ],
};

/** Refused even under --yes: each is `rm -rf` (or curl | sh) behind a launcher or wrapper. */
const DENIED: Record<string, string[]> = {
  "shells with options before -c": [
    "bash --rcfile X -c 'rm -rf /'", "bash --init-file X -c 'rm -rf ~'", "bash --norc --noprofile -c 'rm -rf /'", "sh -o errexit -c 'rm -rf /'",
    "bash -eo pipefail -c 'rm -rf /'", "bash -O extglob -c 'rm -rf ~'", "zsh -f -c 'rm -rf /'", "zsh --emulate sh -c 'rm -rf /'",
    "fish -C 'echo hi' -c 'rm -rf /'", "fish --init-command='rm -rf ~'",
  ],
  "a download piped into a shell with options": ["curl x | bash -o pipefail", "curl x | bash --rcfile y", "curl x | bash --norc", "curl x | zsh -o x"],
  "fakeroot-style wrappers": [
    "fakeroot rm -rf /", "fakeroot -- rm -rf ~", "fakeroot-ng -p state rm -rf /", "proot -r / rm -rf /", "proot -b /:/x -w / rm -rf ~",
    "bwrap --ro-bind / / rm -rf /", "bwrap --bind / / --dev /dev --unshare-all rm -rf ~", "firejail --quiet rm -rf ~",
    "systemd-run --user -p X=1 rm -rf ~", "sg wheel 'rm -rf /'", "stdbuf -oL rm -rf /", "ionice -c3 rm -rf /", "cgexec -g cpu:x rm -rf /",
    "catchsegv rm -rf /", "eatmydata rm -rf /", "faketime -f '@2020-01-01' rm -rf /", "faketime -m '2020-01-01' rm -rf ~",
    "torsocks -u me rm -rf /", "proxychains4 -q rm -rf /", "unbuffer rm -rf /", "ccache rm -rf /", "trickle -d 10 rm -rf /",
  ],
  "wrapper options abbreviated as getopt_long allows": ["env --chd / rm -rf /", "env --unse HOME rm -rf ~", "timeout --sig KILL 5 rm -rf /", "nice --adj 5 rm -rf /"],
};

/** Exact, and still allowed. */
const ALLOWED = [
  "printenv PATH", "jq .environment a.txt", "jq -n '$envname'", "jq 'select(.env == 1)' a.txt", "tail -n 5 log.txt", "tail +5 log.txt",
  "grep --line-n x a.txt", "sort --rev a.txt", "ls --almost", "wc --lin a.txt", "grep -rn -e -x src", "head -n -2 a.txt", "od -w8 a.txt", "xxd -ps a.txt",
  "date -d '-1 day'", "git log --oneline -n 5", "git diff --stat", "git show --stat HEAD", "git status --porcelain=v2", "git log -5 --format=%H",
  "LC_ALL=C sort a.txt", "LANG=en_US.UTF-8 ls", "TZ=UTC date", "TZ=Europe/Berlin date", "NO_COLOR=1 rg x src", "CLICOLOR_FORCE=1 ls",
  "COLUMNS=80 ls", "TERM=dumb ls", "env LC_ALL=C sort a.txt", "LC_ALL=C; ls", "stat -L a.txt", "file -L a.txt", "du -D src",
  "du -sh src", "find -H src -name '*.ts'", "ls -H src", "ls -R src", "jq --arg x -1 . package.json",
  "tree -I node_modules", "tree -a -L 2 -I 'node_modules|dist'", "tree -P '*.ts' src",
];

describe("the allowlist is exact (issue 21, item 4)", () => {
  for (const [kind, commands] of Object.entries(ASKED)) {
    it(`asks for ${kind}`, () => {
      expect(commands.length).toBeGreaterThanOrEqual(4);
      for (const command of commands) expect(decide(command), command).not.toBe("allow");
      for (const command of commands) expect(decide(command, true), `${command} (sandbox)`).not.toBe("allow");
    });
  }

  for (const [kind, commands] of Object.entries(DENIED)) {
    it(`refuses ${kind}`, () => {
      expect(commands.length).toBeGreaterThanOrEqual(4);
      for (const command of commands) expect(decide(command), command).toBe("deny");
    });
  }

  for (const [kind, commands] of Object.entries(SIBLINGS)) {
    it(`asks for ${kind}`, () => {
      for (const command of commands) {
        for (const sandbox of [false, true]) expect(decide(command, sandbox), `${command} (sandbox: ${sandbox})`).not.toBe("allow");
      }
    });
  }

  it("allows what it reads exactly as the program does", () => {
    for (const command of ALLOWED) expect(classifyCommand(command, { root }), command).toMatchObject({ decision: "allow" });
    // The project's tests run its own code: with a harmless prefix too, unasked only in the sandbox.
    expect(classifyCommand("CI=true npm test", { root, sandbox: true }).decision).toBe("allow");
    expect(classifyCommand("CI=true npm test", { root }).decision).toBe("confirm");
    // git grep reads every tracked file, so only in a workspace with no credential file; -e takes `-x` as its pattern.
    expect(classifyCommand("git grep -e -x -- src", { root: approvalWorkspace() }).decision).toBe("allow");
  });

  it("says which full option an abbreviation meant, or that it was ambiguous", () => {
    expect(classifyCommand("sort --out=x a.txt", { root }).reason).toContain("sort");
    expect(classifyCommand("du --deref src", { root }).reason).toContain("--deref is ambiguous (--dereference, --dereference-args)");
    expect(classifyCommand("wc --files0=x", { root }).reason).toContain("--files0 means --files0-from");
    expect(classifyCommand("git grep --open=CMD x", { root }).reason).toContain("--open is not an option name spelt in full");
  });

  it("says a full option name missing from the table is not a known harmless one, and an abbreviation that it is not spelt in full", () => {
    const reason = (command: string) => classifyCommand(command, { root }).reason;
    expect(reason("git rev-parse --git-path hooks")).toContain("git rev-parse: --git-path is not a known harmless option");
    expect(reason("git cat-file --filters HEAD:a")).toContain("git cat-file: --filters is not a known harmless option");
    expect(reason("git log --exclude-promisor-objects")).toContain("git log: --exclude-promisor-objects is not a known harmless option");
    expect(reason("git ls-files --exclude-from=x")).toContain("git ls-files: --exclude-from is not a known harmless option");
    expect(reason("rg --search-zip x")).toContain("rg: --search-zip is not a known harmless option");
    expect(reason("tree --fromfile a")).toContain("tree: --fromfile is not a known harmless option");
    for (const command of ["git rev-parse --git-path hooks", "git log --exclude-promisor-objects", "rg --search-zip x", "tree --fromfile a"]) {
      expect(reason(command)).not.toContain("spelt in full");
    }
    // What begins an option we know may be short for it: said so.
    expect(reason("git diff --ext")).toContain("--ext is not an option name spelt in full");
    expect(reason("git blame --conten=x a.txt")).toContain("--conten is not an option name spelt in full");
    expect(reason("git status --porc")).toContain("--porc is not an option name spelt in full");
  });

  it("asks for a walk that would follow a link out of the workspace, and lets the same walk without it run", () => {
    const ws = approvalWorkspace({ "src/x.ts": "x\n" });
    mkdirSync(path.join(ws, "links"));
    symlinkSync(os.homedir(), path.join(ws, "links", "home"));
    for (const command of ["du -L links", "ls -RL links", "find -L links -name x", "tree -l links"]) {
      expect(classifyCommand(command, { root: ws }).decision, command).toBe("confirm");
    }
    for (const command of ["du -s links", "ls -R links", "find links -name x"]) expect(classifyCommand(command, { root: ws }).decision, command).toBe("allow");
  });
});
