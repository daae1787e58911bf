// Every colour the TUI uses, named by role, defined once per background. Components ask for a
// role ("toolError"), never for a colour, so a light terminal and NO_COLOR need no other change.

/** A foreground as an SGR parameter list ("38;5;75") or a basic code ("2" for dim). */
export type Sgr = string;

export const TOKENS = [
  "accent",
  "muted",
  "dim",
  "border",
  "userLabel",
  "userText",
  "assistantText",
  "thinking",
  "toolName",
  "toolArg",
  "toolRunning",
  "toolOk",
  "toolError",
  "toolDenied",
  "diffAdded",
  "diffRemoved",
  "diffContext",
  "approval",
  "warning",
  "error",
  "queued",
  "mdHeading",
  "mdCode",
  "mdCodeBorder",
  "mdLink",
  "mdQuote",
  "mdBullet",
] as const;

export type Token = (typeof TOKENS)[number];

export type Palette = Record<Token, Sgr>;

/** For a dark background: light-ish 256-colour foregrounds. */
export const DARK: Palette = {
  accent: "38;5;75",
  muted: "38;5;245",
  dim: "2",
  border: "38;5;240",
  userLabel: "38;5;75",
  userText: "38;5;252",
  assistantText: "39",
  thinking: "38;5;245",
  toolName: "38;5;179",
  toolArg: "38;5;250",
  toolRunning: "38;5;75",
  toolOk: "38;5;114",
  toolError: "38;5;203",
  toolDenied: "38;5;208",
  diffAdded: "38;5;114",
  diffRemoved: "38;5;203",
  diffContext: "38;5;245",
  approval: "38;5;221",
  warning: "38;5;221",
  error: "38;5;203",
  queued: "38;5;245",
  mdHeading: "38;5;75",
  mdCode: "38;5;180",
  mdCodeBorder: "38;5;240",
  mdLink: "38;5;75",
  mdQuote: "38;5;245",
  mdBullet: "38;5;75",
};

/** For a light background: darker foregrounds that keep contrast on white. */
export const LIGHT: Palette = {
  accent: "38;5;25",
  muted: "38;5;242",
  dim: "2",
  border: "38;5;249",
  userLabel: "38;5;25",
  userText: "38;5;236",
  assistantText: "39",
  thinking: "38;5;242",
  toolName: "38;5;130",
  toolArg: "38;5;238",
  toolRunning: "38;5;25",
  toolOk: "38;5;28",
  toolError: "38;5;160",
  toolDenied: "38;5;166",
  diffAdded: "38;5;28",
  diffRemoved: "38;5;160",
  diffContext: "38;5;242",
  approval: "38;5;136",
  warning: "38;5;136",
  error: "38;5;160",
  queued: "38;5;242",
  mdHeading: "38;5;25",
  mdCode: "38;5;94",
  mdCodeBorder: "38;5;249",
  mdLink: "38;5;25",
  mdQuote: "38;5;242",
  mdBullet: "38;5;25",
};
