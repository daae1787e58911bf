// Runs the real CLI against a local fake provider server: a sandbox whose HOME is a temp
// folder too (config also reads ~/.kimi-code, and a developer's real login must never be
// picked up), plus readers for stream-json output and the bodies the server received.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { makeSandbox, runCli, type CliRun, type Sandbox } from "./run-cli.js";
import type { FakeServer } from "./fake-openai-server.js";

export interface ProviderSandbox extends Sandbox {
  /** The temp folder passed as HOME. */
  userHome: string;
  /** Runs `mini-agent <args>` in the workspace with HOME and MINI_AGENT_HOME set to temp folders. */
  run(args: string[], env?: Record<string, string>): Promise<CliRun>;
}

export function providerSandbox(): ProviderSandbox {
  const box = makeSandbox();
  const userHome = path.join(path.dirname(box.workspace), "user-home");
  mkdirSync(userHome, { recursive: true });
  return {
    ...box,
    userHome,
    run: (args, env = {}) =>
      runCli(args, { cwd: box.workspace, env: { HOME: userHome, MINI_AGENT_HOME: box.home, ...env } }),
  };
}

/** stdout of `--output-format stream-json`, one event per line. */
export function streamEvents(stdout: string): Record<string, unknown>[] {
  return stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export function eventsOfType(events: Record<string, unknown>[], type: string): Record<string, unknown>[] {
  return events.filter((event) => event["type"] === type);
}

/** The messages array of request n as the fake server received it. */
export function messagesOf(server: FakeServer, n: number): Record<string, unknown>[] {
  return server.json(n)["messages"] as Record<string, unknown>[];
}

/** Every request body the server received, as text (for "this secret never crossed" checks). */
export function allBodies(server: FakeServer): string {
  return server.requests.map((request) => request.body.toString("utf8")).join("\n");
}
