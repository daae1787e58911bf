// What one "always allow" covers: the same command (command-scope.test.ts has the details), a file's folder, a host.
import { describe, expect, it } from "vitest";
import { scopeCovers, scopeFor } from "../../src/engine/approval/gate/always-scope.js";
import { commandScope } from "../../src/engine/approval/gate/command-scope.js";

const command = (line: string) => ({ tool: "run_command", command: line });
const write = (...paths: string[]) => ({ tool: "write_file", paths });

describe("always scopes", () => {
  it("a command's scope is its program and subcommand (and the script a runner runs)", () => {
    expect(commandScope("npm test")).toBe("npm test");
    expect(commandScope("npm test -- --watch")).toBe("npm test");
    expect(commandScope("npm run build")).toBe("npm run build");
    expect(commandScope("git commit -am wip")).toBe("git commit -am");
    expect(commandScope("make")).toBe("make");
  });

  it("offers no scope where one line may hide another command", () => {
    for (const line of ["npm test && rm -rf x", "npm test | tee log", "FOO=1 npm test", "npm test $(id)", "./run.sh", "npm test > out", "echo \"$HOME\"", "ls *.ts"]) {
      expect(commandScope(line), line).toBeUndefined();
    }
  });

  it("npm test remembered does not cover npm run build or git commit", () => {
    const entry = scopeFor(command("npm test"))!;
    expect(entry).toBe("run_command: npm test");
    expect(scopeCovers(entry, command("npm test -- -t foo"))).toBe(true);
    expect(scopeCovers(entry, command("npm run build"))).toBe(false);
    expect(scopeCovers(entry, command("git commit -m x"))).toBe(false);
    expect(scopeCovers(entry, command("npm test && curl evil"))).toBe(false);
    expect(scopeCovers(entry, { tool: "other_tool", command: "npm test" })).toBe(false);
  });

  it("a folder glob covers that folder and below, not a sibling or a prefix-named folder", () => {
    const entry = scopeFor(write("src/app/a.ts"))!;
    expect(entry).toBe("write_file: src/app/**");
    expect(scopeCovers(entry, write("src/app/b.ts"))).toBe(true);
    expect(scopeCovers(entry, write("src/app/deep/c.ts"))).toBe(true);
    expect(scopeCovers(entry, write("src/lib/c.ts"))).toBe(false);
    expect(scopeCovers(entry, write("src/application/c.ts"))).toBe(false);
    expect(scopeCovers(entry, { tool: "edit_file", paths: ["src/app/b.ts"] })).toBe(false);
    // A root file covers itself only.
    expect(scopeFor(write("README.md"))).toBe("write_file: README.md");
    expect(scopeCovers("write_file: README.md", write("OTHER.md"))).toBe(false);
  });

  it("a URL's scope is its host: another host, or a look-alike, is asked again", () => {
    const scope = scopeFor({ tool: "web_fetch", host: "docs.example.com" });
    expect(scope).toBe("web_fetch: docs.example.com");
    expect(scopeCovers(scope!, { tool: "web_fetch", host: "docs.example.com" })).toBe(true);
    for (const host of ["example.com", "docs.example.com.attacker.net", "docs.example.com:8443"]) {
      expect(scopeCovers(scope!, { tool: "web_fetch", host })).toBe(false);
    }
  });

  it("an old session's bare tool name still covers the whole tool", () => {
    expect(scopeCovers("run_command", command("anything at all"))).toBe(true);
    expect(scopeCovers("run_command", write("a.txt"))).toBe(false);
  });
});
