// Files whose change alters how the project builds, installs, runs its CI or instructs the
// agent. A write to one always asks, even after "always allow", and is never remembered.
// The list has three shapes only (`**/name`, `dir/**`, `name`), so it is matched by name and
// first folder instead of ~45 compiled globs (~3 ms at start-up, ~0.5 ms a call); a test
// holds the result equal to picomatch's with `{ dot: true, nocase: true }`.

/** The documented list (docs and the approval preview quote it). Globs are case-insensitive. */
export const CRITICAL_FILE_PATTERNS = [
  // Manifests and lockfiles: a changed dependency or script runs code on the next install.
  "**/package.json",
  "**/package-lock.json",
  "**/npm-shrinkwrap.json",
  "**/yarn.lock",
  "**/pnpm-lock.yaml",
  "**/pnpm-workspace.yaml",
  "**/bun.lock",
  "**/bun.lockb",
  "**/Cargo.lock",
  "**/go.sum",
  "**/poetry.lock",
  "**/uv.lock",
  "**/Gemfile.lock",
  "**/composer.lock",
  "**/.npmrc",
  // Compiler settings.
  "**/tsconfig.json",
  "**/tsconfig.*.json",
  // CI and hooks: they run with the project's secrets or on every commit.
  ".github/**",
  ".ci/**",
  ".gitlab-ci.yml",
  ".circleci/**",
  ".husky/**",
  ".pre-commit-config.yaml", // the hooks pre-commit runs on every commit
  // The same for the other hook managers, read afresh by the hook on every commit: lefthook's
  // config (any format, `-local` too, also under .config/) and its script folders, and
  // lint-staged's config, which husky's or lefthook's hook runs (nearest one per file).
  "**/lefthook.*",
  "**/.lefthook.*",
  "**/lefthook-local.*",
  "**/.lefthook-local.*",
  ".lefthook/**",
  ".lefthook-local/**",
  "**/.lintstagedrc*",
  "**/lint-staged.config.*",
  // Package-manager settings that run code: yarnPath runs a script on every yarn command,
  // a pnpmfile's hooks run on every install.
  "**/.yarnrc.yml",
  "**/.yarnrc",
  "**/.pnpmfile.cjs",
  // What configures and instructs the agent itself.
  ".agent.json",
  ".agent.md",
  "**/AGENTS.md",
  ".agents/**", // project skills every later session advertises, guard plugins the gate runs
  // The same for other agents and editors opened on this folder: their instructions, and the
  // settings from which they start programs (hooks, MCP servers, tasks run on folder open).
  ".mcp.json",
  "**/CLAUDE.md",
  ".claude/**",
  "**/GEMINI.md",
  ".gemini/**",
  ".cursor/**",
  ".cursorrules",
  ".vscode/**", // tasks.json may run on folder open; settings pick interpreters and terminal env
  ".devcontainer/**", // its commands run when the container is built
];

/** The list by shape; names are lower case (the globs are case-insensitive). */
interface Matcher {
  /** A file of this name in any folder (`**` + `/package.json`). */
  names: Set<string>;
  /** The same with a `*` in the name (`**` + `/tsconfig.*.json`), and the globs they came from. */
  namePatterns: RegExp[];
  nameGlobs: string[];
  /** A top-level folder and everything in it (`.github/**`). */
  folders: Set<string>;
  /** Exactly this path from the root (`.agent.json`). */
  paths: Set<string>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function compile(patterns: readonly string[]): Matcher {
  const matcher: Matcher = { names: new Set(), namePatterns: [], nameGlobs: [], folders: new Set(), paths: new Set() };
  for (const pattern of patterns.map((item) => item.toLowerCase())) {
    const name = pattern.startsWith("**/") ? pattern.slice(3) : undefined;
    const folder = pattern.endsWith("/**") ? pattern.slice(0, -3) : undefined;
    if (name !== undefined && !/[/?[\]{}()!+@]/.test(name)) {
      if (name.includes("*")) {
        matcher.namePatterns.push(new RegExp(`^${name.split("*").map(escape).join("[^/]*")}$`));
        matcher.nameGlobs.push(name);
      }
      else matcher.names.add(name);
    } else if (folder !== undefined && !/[*?[\]{}()!+@/]/.test(folder)) matcher.folders.add(folder);
    else if (!/[*?[\]{}()!+@/]/.test(pattern)) matcher.paths.add(pattern);
    else throw new Error(`critical-files: ${pattern} is not one of the shapes this matcher knows`);
  }
  return matcher;
}

let matcher: Matcher | undefined;

/** `relativePosixPath` is relative to the workspace root with forward slashes (jail.display). */
export function isCriticalFile(relativePosixPath: string): boolean {
  const normalised = relativePosixPath.replace(/\\/g, "/").replace(/^(\.\/)+/, "").replace(/\/+/g, "/");
  if (normalised === "" || normalised === "." || normalised.startsWith("../")) return false;
  matcher ??= compile(CRITICAL_FILE_PATTERNS);
  const path = normalised.toLowerCase().replace(/\/$/, "");
  const parts = path.split("/");
  const name = parts[parts.length - 1]!;
  return (
    matcher.paths.has(path) ||
    matcher.folders.has(parts[0]!) ||
    matcher.names.has(name) ||
    matcher.namePatterns.some((pattern) => pattern.test(name))
  );
}

/**
 * Whether a file of this name is critical in any folder below the top (`**` + `/name`): what
 * isCriticalFile says of `dir/name` once `dir` is known not to be a critical folder. A walk
 * asks it of every name, ~10x cheaper than the full path check.
 */
export function isCriticalName(name: string): boolean {
  matcher ??= compile(CRITICAL_FILE_PATTERNS);
  const lower = name.toLowerCase();
  return matcher.names.has(lower) || matcher.namePatterns.some((pattern) => pattern.test(lower));
}

/**
 * `text` as a regex matching either case of each letter (the list is case-insensitive, and so
 * is macOS's usual file system). Special characters go in brackets, never after a backslash,
 * whose meaning in a profile's regex literal is not documented.
 */
function anyCase(text: string): string {
  return [...text]
    .map((char) => (/[a-z]/i.test(char) ? `[${char.toLowerCase()}${char.toUpperCase()}]` : char === "]" || char === "^" ? "[]^]" : /[.*+?${}()|[]/.test(char) ? `[${char}]` : char))
    .join("");
}

/**
 * The same list as regexes over absolute paths under `root`, for a sandbox that denies by
 * pattern (Seatbelt on macOS): they also match paths that do not exist yet, at any depth.
 * Only brackets, `.*` and anchors (no groups, alternation or backslashes). None for a root
 * holding `"`, `\` or a line break, which a profile's literal cannot carry as is.
 */
export function criticalPathRegexes(root: string): string[] {
  if (/["\\\n\r]/.test(root)) return [];
  matcher ??= compile(CRITICAL_FILE_PATTERNS);
  const base = `^${anyCase(root.replace(/\/+$/, ""))}/`;
  const globName = (glob: string) => glob.split("*").map(anyCase).join("[^/]*");
  const names = [...[...matcher.names].map(anyCase), ...matcher.nameGlobs.map(globName)];
  return [
    ...names.flatMap((name) => [`${base}${name}$`, `${base}.*/${name}$`]),
    ...[...matcher.folders].flatMap((folder) => [`${base}${anyCase(folder)}$`, `${base}${anyCase(folder)}/`]),
    ...[...matcher.paths].map((file) => `${base}${anyCase(file)}$`),
  ];
}
