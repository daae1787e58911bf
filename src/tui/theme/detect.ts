// Which palette to use and whether to colour at all, from the environment alone (pure, so it
// is tested without a terminal). NO_COLOR (https://no-color.org) wins over everything.

export type Background = "dark" | "light";

export interface ColorChoice {
  color: boolean;
  background: Background;
}

/**
 * COLORFGBG is "fg;bg" (rxvt, Konsole, iTerm2, some others set it): a background colour index
 * of 7 or 15 (white) or 9..14 means light. MINI_AGENT_THEME=light|dark overrides detection.
 */
export function detectColors(env: NodeJS.ProcessEnv): ColorChoice {
  const color = !(env.NO_COLOR !== undefined && env.NO_COLOR !== "");
  const forced = env.MINI_AGENT_THEME?.trim().toLowerCase();
  if (forced === "light" || forced === "dark") return { color, background: forced };
  return { color, background: backgroundFromColorFgBg(env.COLORFGBG) };
}

export function backgroundFromColorFgBg(value: string | undefined): Background {
  if (!value) return "dark";
  const parts = value.split(";");
  const bg = Number(parts[parts.length - 1]);
  if (!Number.isInteger(bg)) return "dark";
  return bg === 7 || (bg >= 9 && bg <= 15) ? "light" : "dark";
}

/**
 * An OSC 11 reply ("\x1b]11;rgb:ffff/ffff/ffff\x07") as a background, by relative luminance;
 * undefined when the reply is not one.
 */
export function backgroundFromOsc11(reply: string): Background | undefined {
  const match = /\]11;rgb:([0-9a-f]{1,4})\/([0-9a-f]{1,4})\/([0-9a-f]{1,4})/i.exec(reply);
  if (!match) return undefined;
  const [r, g, b] = match.slice(1, 4).map((hex) => parseInt(hex, 16) / (16 ** hex.length - 1)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.5 ? "light" : "dark";
}
