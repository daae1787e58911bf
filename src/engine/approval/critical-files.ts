// Files whose change alters how the project builds, installs, runs its CI or instructs the
// agent. A write to one always asks, even after "always allow", and is never remembered.
// The list has three shapes only (`**/name`, `dir/**`, `name`), so it is matched by name and
// first folder instead of 25 compiled globs (~3 ms at start-up, ~0.5 ms a call); a test
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
  // What configures and instructs the agent itself.
  ".agent.json",
  ".agent.md",
  "**/AGENTS.md",
];

/** The list by shape; names are lower case (the globs are case-insensitive). */
interface Matcher {
  /** A file of this name in any folder (`**` + `/package.json`). */
  names: Set<string>;
  /** The same with a `*` in the name (`**` + `/tsconfig.*.json`). */
  namePatterns: RegExp[];
  /** A top-level folder and everything in it (`.github/**`). */
  folders: Set<string>;
  /** Exactly this path from the root (`.agent.json`). */
  paths: Set<string>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function compile(patterns: readonly string[]): Matcher {
  const matcher: Matcher = { names: new Set(), namePatterns: [], folders: new Set(), paths: new Set() };
  for (const pattern of patterns.map((item) => item.toLowerCase())) {
    const name = pattern.startsWith("**/") ? pattern.slice(3) : undefined;
    const folder = pattern.endsWith("/**") ? pattern.slice(0, -3) : undefined;
    if (name !== undefined && !/[/?[\]{}()!+@]/.test(name)) {
      if (name.includes("*")) matcher.namePatterns.push(new RegExp(`^${name.split("*").map(escape).join("[^/]*")}$`));
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
