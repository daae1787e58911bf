// Shared test plumbing: a provider built by the real createProvider (so the SDK transport
// runs) pointed at a fake server, and a collector for the parts it yields.
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import type { ResolvedConfig } from "../../src/config/resolved-config.js";
import { answerByFlag } from "../../src/engine/approval/gate/flag-answerer.js";
import type { SessionChoice } from "../../src/engine/session/open-session.js";
import { startEngine } from "../helpers/engine.js";
import { createProvider, type CreateProviderOptions } from "../../src/engine/llm/create-provider.js";
import type { Message } from "../../src/engine/messages.js";
import { ProviderError, type ModelProvider, type ModelRequest, type StreamPart, type ToolSpec } from "../../src/engine/llm/provider.js";
import { responseObject, responsesEvents, sse, startScriptedServer, status, type FakeServer } from "../helpers/fake-openai-server.js";

export const TEST_KEY = "sk-test-secret-key-9876wxyz";
export const VERSION = "9.9.9-test";

/** One-pixel images (a PNG and a WebP) whose bytes sniff as what they say they are. */
export const RED = { mediaType: "image/png", base64: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==" };
export const BLUE = { mediaType: "image/webp", base64: "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==" };

/**
 * A server for a model only the Responses API serves: chat completions answers 404 with
 * OpenAI's words, then the Responses request gets an empty completed response. With
 * `endpointFallback`, request 1 is the Responses body to look at.
 */
export function startResponsesOnlyServer(): Promise<FakeServer> {
  return startScriptedServer([
    status(404, { error: { message: "This model is only supported in v1/responses" } }),
    sse(
      ...responsesEvents([
        ["response.created", { response: responseObject({ status: "in_progress" }) }],
        ["response.completed", { response: responseObject({ status: "completed" }) }],
      ]),
    ),
  ]);
}

export function kimiConfig(baseUrl: string, overrides: Partial<ResolvedConfig> = {}): ResolvedConfig {
  return {
    provider: "kimi",
    protocol: "openai-chat",
    model: "kimi-for-coding",
    apiKey: TEST_KEY,
    apiKeySource: "env KIMI_API_KEY",
    baseUrl,
    thinking: "medium",
    thinkingDialect: "kimi",
    reasoningEcho: true,
    maxRounds: 50,
    sources: {},
    warnings: [],
    ...overrides,
  };
}

export function openAiConfig(baseUrl: string, overrides: Partial<ResolvedConfig> = {}): ResolvedConfig {
  return kimiConfig(baseUrl, {
    provider: "openai",
    model: "gpt-5",
    apiKeySource: "env OPENAI_API_KEY",
    thinkingDialect: "openai",
    reasoningEcho: false,
    ...overrides,
  });
}

export function anthropicConfig(baseUrl: string, overrides: Partial<ResolvedConfig> = {}): ResolvedConfig {
  return kimiConfig(baseUrl, {
    provider: "anthropic",
    protocol: "anthropic",
    model: "claude-sonnet-4-6",
    apiKeySource: "env ANTHROPIC_API_KEY",
    thinkingDialect: "none",
    reasoningEcho: false,
    ...overrides,
  });
}

export function build(config: ResolvedConfig, options: Partial<CreateProviderOptions> = {}): Promise<ModelProvider> {
  return createProvider(config, { version: VERSION, retry: { baseDelayMs: 5, maxBackoffMs: 20 }, ...options });
}

export const READ_FILE: ToolSpec = {
  name: "read_file",
  description: "Read a UTF-8 text file from the workspace",
  inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
};

export function request(messages: Message[] = [{ role: "user", content: "What port?" }], extra: Partial<ModelRequest> = {}): ModelRequest {
  return { system: "You are a coding agent.", messages, tools: [READ_FILE], ...extra };
}

export interface Outcome {
  parts: StreamPart[];
  error?: unknown;
}

/** Runs one stream to its end or its error, keeping every part that arrived. */
export async function collect(provider: ModelProvider, req: ModelRequest = request()): Promise<Outcome> {
  const parts: StreamPart[] = [];
  try {
    for await (const part of provider.stream(req)) parts.push(part);
    return { parts };
  } catch (error) {
    return { parts, error };
  }
}

export function textOf(parts: StreamPart[]): string {
  return parts.map((p) => (p.type === "text" ? p.text : "")).join("");
}

export function thinkingOf(parts: StreamPart[]): string {
  return parts.map((p) => (p.type === "thinking" ? p.text : "")).join("");
}

/** The error a collect() ended with, checked to be a ProviderError. */
export function providerError(error: unknown): ProviderError {
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

export function ofType<T extends StreamPart["type"]>(parts: StreamPart[], type: T): Extract<StreamPart, { type: T }>[] {
  return parts.filter((p): p is Extract<StreamPart, { type: T }> => p.type === type);
}

/** A workspace holding x1.txt ("ONE") and x2.txt ("TWO"), and an agent home beside it. */
export function sessionWorkspace(): { cwd: string; home: string } {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "provider-session-")));
  const cwd = path.join(base, "ws");
  mkdirSync(cwd);
  writeFileSync(path.join(cwd, "x1.txt"), "ONE\n");
  writeFileSync(path.join(cwd, "x2.txt"), "TWO\n");
  return { cwd, home: path.join(base, "home") };
}

/** One turn of a real engine (session file, tools, --yes) over `provider`; `continue` resumes the last session. */
export async function engineTurn(dirs: { cwd: string; home: string }, provider: ModelProvider, choice: SessionChoice, prompt: string) {
  const { engine, events } = startEngine({ home: dirs.home, cwd: dirs.cwd, provider, choice });
  answerByFlag(engine, true);
  engine.submit(prompt);
  const outcome = await engine.idle();
  await engine.shutdown();
  return { outcome: outcome!, events };
}
