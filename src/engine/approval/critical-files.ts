// Files whose change alters how the project builds, installs, runs its CI or instructs the
// agent. A write to one always asks, even after "always allow", and is never remembered.
import picomatch from "picomatch";

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

/** Compiled on the first write judged, not at start-up (~3 ms of regular expressions). */
let matcher: ((path: string) => boolean) | undefined;

/** `relativePosixPath` is relative to the workspace root with forward slashes (jail.display). */
export function isCriticalFile(relativePosixPath: string): boolean {
  const normalised = relativePosixPath.replace(/\\/g, "/").replace(/^(\.\/)+/, "").replace(/\/+/g, "/");
  if (normalised === "" || normalised === "." || normalised.startsWith("../")) return false;
  matcher ??= picomatch(CRITICAL_FILE_PATTERNS, { dot: true, nocase: true });
  return matcher(normalised);
}
