// How a stored session reads in the picker: title (or id), age, turns, model.
import { clipGraphemes } from "../../graphemes.js";

export interface SessionSummary {
  id: string;
  mtimeMs: number;
  title?: string | undefined;
  turns?: number | undefined;
  model?: string | undefined;
  sizeBytes?: number | undefined;
}

export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

export function sessionLabel(session: SessionSummary): string {
  const title = session.title?.replace(/\s+/g, " ").trim();
  return title ? clipGraphemes(title, 60) : session.id;
}

export function sessionDescription(session: SessionSummary, now: number): string {
  const parts = [formatAge(now - session.mtimeMs)];
  if (session.turns !== undefined) parts.push(`${session.turns} turn${session.turns === 1 ? "" : "s"}`);
  if (session.model) parts.push(session.model);
  return parts.join(" · ");
}
