// The forms a user rule is matched against for programs with subcommands: `git -c x=y
// commit`, `git --no-pager commit` and `git -C . commit` are all `git commit`; `npm i` and
// `npm --silent isntall` are `npm install`; `make -s deploy` is `make deploy`. Global options
// before the subcommand are skipped as each program reads them, aliases mapped. When the
// subcommand cannot be found for sure (an option we do not know, a word known only at run
// time), `certain` is false and a deny rule naming the program makes the command ask.
import type { ShellWord } from "../shell/shell-words.js";
import { GIT_GLOBALS_WITH_VALUE } from "./git-globals.js";

export interface CanonicalForms {
  /** Each form as words: the program, then the subcommand (alias mapped) and the rest. */
  forms: string[][];
  certain: boolean;
  /** An option before (or for npm, anywhere around) the subcommand that changes what runs. */
  swap?: string;
}

interface Spec {
  /** Global options that take the next word (or `=value`, or an attached short value). */
  valued: string[];
  /** Global options that take no value. */
  flags: string[];
  aliases?: Record<string, string>;
  /** Options that swap the program, the config or the directory it runs from: an allow rule never covers them. */
  swaps: string[];
  /** Reads its options anywhere, not only before the subcommand (npm's nopt). */
  anywhere?: boolean;
}

const NPM_ALIASES: Record<string, string> = {
  i: "install", in: "install", ins: "install", inst: "install", insta: "install", instal: "install", isnt: "install",
  isnta: "install", isntal: "install", isntall: "install", add: "install", un: "uninstall", unlink: "uninstall",
  remove: "uninstall", rm: "uninstall", r: "uninstall", t: "test", tst: "test", "run-script": "run", rum: "run", urn: "run",
  x: "exec", ic: "ci", "clean-install": "ci", "install-clean": "ci", "isntall-clean": "ci", "clean-install-test": "cit",
  it: "install-test", c: "config", ln: "link", up: "update", upgrade: "update", udpate: "update", ls: "ls", list: "ls",
  "dist-tags": "dist-tag", s: "search", se: "search", find: "search", v: "view", info: "view", show: "view", author: "owner",
  "add-user": "adduser", login: "adduser", unpublish: "unpublish", pub: "publish",
};

const NPM_VALUED = ["-w", "--workspace", "--prefix", "-C", "--loglevel", "--userconfig", "--globalconfig", "--cache", "--registry",
  "--otp", "--tag", "--script-shell", "--node-options", "--access", "--dir", "--cwd", "--filter", "-F", "--reporter", "--shell"];
const NPM_FLAGS = ["-s", "--silent", "-q", "--quiet", "-d", "-dd", "-ddd", "--verbose", "--json", "-g", "--global", "-f", "--force",
  "-y", "--yes", "--dry-run", "--ignore-scripts", "--offline", "--prefer-offline", "--prefer-online", "-ws", "--workspaces",
  "--include-workspace-root", "--if-present", "--production", "-D", "-S", "-E", "-O", "-P", "-B", "--legacy-peer-deps", "-r",
  "--recursive", "--frozen-lockfile", "--color"];
const NPM_SWAPS = ["--script-shell", "--node-options", "--userconfig", "--globalconfig", "--prefix", "-C", "--dir", "--cwd", "--shell"];

const SPECS: Record<string, Spec> = {
  git: {
    valued: [...GIT_GLOBALS_WITH_VALUE],
    flags: ["-p", "--paginate", "-P", "--no-pager", "--bare", "--no-replace-objects", "--literal-pathspecs", "--glob-pathspecs",
      "--noglob-pathspecs", "--icase-pathspecs", "--no-optional-locks", "--no-advice", "--no-lazy-fetch", "--exec-path"],
    swaps: ["-C", "-c", "--git-dir", "--work-tree", "--config-env", "--exec-path", "--super-prefix"],
  },
  npm: { valued: NPM_VALUED, flags: NPM_FLAGS, aliases: NPM_ALIASES, swaps: NPM_SWAPS, anywhere: true },
  pnpm: { valued: NPM_VALUED.filter((option) => option !== "-w"), flags: [...NPM_FLAGS, "-w"], aliases: { i: "install", rm: "remove", un: "remove", uninstall: "remove", t: "test", "run-script": "run", x: "exec" }, swaps: NPM_SWAPS, anywhere: true },
  yarn: { valued: NPM_VALUED, flags: NPM_FLAGS, aliases: { rm: "remove", "run-script": "run" }, swaps: NPM_SWAPS, anywhere: true },
  docker: {
    valued: ["--config", "-c", "--context", "-H", "--host", "-l", "--log-level", "--tlscacert", "--tlscert", "--tlskey"],
    flags: ["-D", "--debug", "--tls", "--tlsverify"],
    aliases: {},
    swaps: ["--config", "-c", "--context", "-H", "--host"],
  },
  kubectl: {
    valued: ["--context", "-n", "--namespace", "--kubeconfig", "--cluster", "--user", "-s", "--server", "--token", "--as", "--as-group",
      "--request-timeout", "--certificate-authority", "--client-certificate", "--client-key", "--cache-dir", "-v", "--v"],
    flags: ["--insecure-skip-tls-verify", "--match-server-version", "--warnings-as-errors"],
    swaps: ["--context", "--kubeconfig", "--cluster", "--user", "-s", "--server", "--token", "--as", "--as-group"],
  },
  cargo: {
    valued: ["-C", "--config", "-Z", "--color"],
    flags: ["-v", "-vv", "--verbose", "-q", "--quiet", "--offline", "--frozen", "--locked"],
    aliases: { b: "build", c: "check", t: "test", r: "run", d: "doc", rm: "remove" },
    swaps: ["-C", "--config", "-Z"],
  },
};
SPECS.podman = SPECS.docker!;

/** Subcommands with a second word naming the real one: `docker container run` is `docker run`. */
const DOCKER_GROUPS = new Set(["container", "image"]);
const DOCKER_GROUP_ALIASES: Record<string, string> = { ls: "ps", rm: "rm", remove: "rm" };

function optionName(value: string): string {
  return value.startsWith("--") ? value.split("=", 1)[0]! : value.slice(0, 2);
}

/** The forms of a command for rule matching; undefined for a program without subcommands. */
export function canonicalForms(name: string, args: ShellWord[]): CanonicalForms | undefined {
  if (name === "make" || name === "gmake") return makeForms(name, args);
  const spec = SPECS[name];
  if (!spec) return undefined;
  let certain = true;
  let swap: string | undefined;
  const rest: string[] = [];
  let sub: string | undefined;
  let ended = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    const value = word.literal ? word.value : "…";
    const before = sub === undefined;
    if (word.literal && value === "--" && !ended) {
      // After `--` every word is an operand (npm hands them to the script).
      ended = true;
      if (!before) rest.push(value);
      continue;
    }
    if (!word.literal) {
      if (before) certain = false;
      if (before) sub = "…";
      else rest.push(value);
      continue;
    }
    if (ended || !value.startsWith("-") || value === "-") {
      if (before && !(name === "cargo" && value.startsWith("+"))) sub = spec.aliases?.[value] ?? value;
      else rest.push(value);
      continue;
    }
    if (!before && !spec.anywhere) {
      rest.push(value);
      continue;
    }
    const option = optionName(value);
    if (spec.swaps.includes(option)) swap ??= option;
    // `-C dir`, `-Cdir`, `--prefix=x`: the value is attached unless the word is the option alone.
    const takesNext = spec.valued.includes(option) && value === option;
    if (!before) {
      rest.push(value);
      if (takesNext && args[i + 1]) rest.push(args[i + 1]!.literal ? args[i + 1]!.value : "…");
    } else if (!spec.valued.includes(option) && !spec.flags.includes(option)) {
      // npm reads an unknown `--x word` as x=word: the subcommand is then unknowable.
      const next = args[i + 1];
      if (!spec.anywhere || (!value.includes("=") && !value.startsWith("--no-") && next !== undefined && !next.value.startsWith("-"))) certain = false;
    }
    if (takesNext) i++;
  }
  if (sub === undefined) return { forms: [[name]], certain, ...(swap ? { swap } : {}) };
  const forms = [[name, sub, ...rest]];
  if ((name === "docker" || name === "podman") && DOCKER_GROUPS.has(sub) && rest[0]) {
    forms.push([name, DOCKER_GROUP_ALIASES[rest[0]] ?? rest[0], ...rest.slice(1)]);
  }
  return { forms, certain, ...(swap ? { swap } : {}) };
}

const MAKE_VALUED = ["-C", "--directory", "-f", "--file", "--makefile", "-I", "--include-dir", "-o", "--old-file", "--assume-old",
  "-W", "--what-if", "--new-file", "--assume-new", "-l", "--load-average", "--eval", "-E", "-O", "--output-sync", "--jobserver-style"];
const MAKE_SWAPS = ["-C", "--directory", "-f", "--file", "--makefile", "-I", "--include-dir", "--eval", "-E"];

/** make: one form per target (`make -s build deploy` is `make build` and `make deploy`); assignments that swap the shell count as swaps. */
function makeForms(name: string, args: ShellWord[]): CanonicalForms {
  const targets: string[] = [];
  let certain = true;
  let swap: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (!word.literal) {
      certain = false;
      continue;
    }
    const value = word.value;
    if (/^[A-Za-z_][\w.]*[:+?]?=/.test(value)) {
      if (/^(SHELL|MAKEFLAGS|MFLAGS|MAKEFILES|\.SHELLFLAGS)[:+?]?=/.test(value)) swap ??= value.split("=", 1)[0];
      continue;
    }
    if (!value.startsWith("-") || value === "-") {
      targets.push(value);
      continue;
    }
    const option = optionName(value);
    if (MAKE_SWAPS.includes(option)) swap ??= option;
    if (MAKE_VALUED.includes(option) && value === option) i++;
    // `-j 4`: an optional value, taken only when it is a number.
    else if ((value === "-j" || value === "--jobs") && /^\d+$/.test(args[i + 1]?.value ?? "")) i++;
  }
  const forms = targets.length > 0 ? targets.map((target) => [name, target]) : [[name]];
  return { forms, certain, ...(swap ? { swap } : {}) };
}
