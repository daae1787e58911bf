// The project's own check and build commands beside its tests (test-runners.ts): they run the
// repository's code, so they run unasked only inside the sandbox, and ask outside it; an
// option that points them at another program, makefile, directory or a path outside asks
// everywhere.
import { describe, expect, it } from "vitest";
import { approvalWorkspace } from "../helpers/approval-workspace.js";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";

const root = approvalWorkspace();
const decide = (command: string, sandbox: boolean) => classifyCommand(command, { root, sandbox }).decision;

const PROJECT_COMMANDS = [
  "npm run lint", "npm run build", "npm run typecheck", "npm run lint:fix", "pnpm run build:prod", "yarn run check", "npm run format -- --check",
  "make", "make test", "make -j4 build", "make -k check", "make -s", "cargo build", "cargo build --release", "cargo check --all-targets",
  "cargo clippy -- -D warnings", "cargo fmt --check", "go build ./...", "go build -o bin/app ./cmd/app", "go vet ./...", "python -m pytest",
  "python3 -m pytest -q tests/", "npm test", "go test ./...",
];

const STILL_ASKED = [
  "npm run deploy", "npm run release", "npm run build --prefix /tmp/x", "npm run lint --script-shell=./evil.sh", "make -f /tmp/Makefile", "make -C /tmp/x",
  "make --eval='x:;id'", "make -I /tmp", "cargo build --config 'build.rustc-wrapper=\"./evil\"'", "cargo build --target-dir /tmp/t",
  "go build -toolexec ./evil ./...", "go build -o /usr/local/bin/app .", "go vet -vettool=./evil ./...", "python -m pytest -p evil", "python -m http.server",
  "./make test", "cd /tmp && make", "make $(id)",
];

describe("the project's own check and build commands", () => {
  it.each(PROJECT_COMMANDS)("inside the sandbox, unasked: %s", (command) => {
    expect(decide(command, true)).toBe("allow");
  });

  it.each(PROJECT_COMMANDS)("outside the sandbox, asked (the repository's code): %s", (command) => {
    expect(decide(command, false)).toBe("confirm");
  });

  it.each(STILL_ASKED)("never unasked: %s", (command) => {
    expect(decide(command, true)).not.toBe("allow");
    expect(decide(command, false)).not.toBe("allow");
  });
});
