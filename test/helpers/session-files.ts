// Reads what a CLI run left on disk: session files and the fake provider's request log.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export function sessionFiles(home: string): string[] {
  const root = path.join(home, "sessions");
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((key) =>
    readdirSync(path.join(root, key))
      .filter((name) => name.endsWith(".jsonl"))
      .map((name) => path.join(root, key, name)),
  );
}

export function onlySessionFile(home: string): string {
  const files = sessionFiles(home);
  if (files.length !== 1) throw new Error(`expected one session file, found ${files.length}`);
  return files[0]!;
}

export function eventLines(file: string): Record<string, unknown>[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .slice(1)
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export interface RecordedRequest {
  system: string;
  messages: { role: string; content?: string; text?: string; toolCalls?: unknown[]; callId?: string; isError?: boolean }[];
  tools: { name: string }[];
  thinking?: string;
}

export function recordedRequests(file: string): RecordedRequest[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedRequest);
}
