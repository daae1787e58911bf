// What a provider's error body becomes in our message: one line, bounded. A proxy in front
// of the provider (Cloudflare, nginx) answers a 502 with a whole HTML page, which used to go
// into stderr, every retry line and the session file as 9 KB over 200 lines.
import { clipHead } from "../../secrets/word-cut.js";

const MAX_CHARS = 500;
const HTML = /<(!doctype\s+html|html|head|body)\b/i;

/** The body as a short single line; an HTML page as its title, said to be a page. */
export function errorText(raw: string): string {
  if (HTML.test(raw)) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(raw)?.[1]?.replace(/\s+/g, " ").trim();
    return `${title ? `${cut(title)}: ` : ""}an HTML page (${raw.length} characters) instead of the API's error, likely from a proxy in between`;
  }
  return cut(raw.replace(/\s*\n\s*/g, " ").trim());
}

function cut(text: string): string {
  // At a word's edge: a key the body echoes, cut in two, would pass the redactor.
  return clipHead(text, MAX_CHARS + 1);
}
