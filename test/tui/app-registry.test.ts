// /registry in the TUI: the same command as `mini-agent registry`, its output in the
// conversation. The https install path is covered through the CLI (registry-cli.test.ts),
// where a child process can trust the test certificate; here, what the TUI itself adds.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/processes.js";
import { startApp, type RunningApp } from "./app-harness.js";

let running: RunningApp | undefined;
afterEach(async () => {
  await running?.app.quit(0);
  running = undefined;
});

describe("/registry in the TUI", () => {
  it("says how to configure a registry, names a bad action, and removes an installed skill", async () => {
    running = startApp({ script: { turns: [{ text: "hi" }] } });
    const { terminal, box } = running;
    await waitFor(() => running!.app.footer.info.model === "fake-scripted");

    terminal.send("/registry search lint\r");
    await terminal.waitForText('/registry: no registry configured: set MINI_AGENT_REGISTRY or "registry"');

    terminal.send("/registry frobnicate\r");
    await terminal.waitForText("/registry: usage: /registry search <words> | show <name>");

    terminal.send("/registry remove nothing-here\r");
    await terminal.waitForText("nothing-here was not installed from the registry (installed: none)");

    // A skill the registry installed (its record and folder, as install() writes them).
    const skillDir = path.join(box.home, "skills", "tidy");
    mkdirSync(skillDir, { recursive: true });
    writeFileSync(path.join(skillDir, "SKILL.md"), "---\nname: tidy\ndescription: tidy up\n---\nTidy.\n");
    mkdirSync(path.join(box.home, "registry"), { recursive: true });
    writeFileSync(
      path.join(box.home, "registry", "installed.json"),
      JSON.stringify([{ kind: "skill", name: "tidy", version: "1", source: "https://example.invalid/index.json", files: {}, at: "2026-11-30T00:00:00Z" }]),
    );
    terminal.send("/registry remove tidy\r");
    await terminal.waitForText("removed skill tidy");
    expect(existsSync(skillDir)).toBe(false);
  });
});
