// HTML to readable text for web_fetch: structure kept as line breaks, list bullets and
// inline links; scripts, styles and markup dropped. Not a full parser, and does not need
// to be: the model reads the result, and nothing here is executed or rendered.

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", mdash: "—", ndash: "–", hellip: "…", copy: "©", laquo: "«", raquo: "»", rsquo: "'", lsquo: "'", rdquo: '"', ldquo: '"' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

const BLOCK = /^(p|div|section|article|header|footer|main|nav|aside|table|tr|ul|ol|dl|dd|dt|blockquote|pre|form|figure|figcaption|h[1-6]|hr)$/i;

export function htmlToText(html: string): { title?: string; text: string } {
  const title = html.match(/<title[^>]*>([\s\S]*?)<\/title>/i)?.[1];
  let body = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(script|style|noscript|svg|template|iframe|head)\b[\s\S]*?<\/\1\s*>/gi, "");
  // <pre> keeps its whitespace: protect it from the collapsing below.
  const pres: string[] = [];
  body = body.replace(/<pre\b[^>]*>([\s\S]*?)<\/pre\s*>/gi, (_, inner: string) => {
    pres.push(inner.replace(/<[^>]+>/g, ""));
    return `\n\u0000${pres.length - 1}\u0000\n`;
  });
  body = body
    .replace(/<a\b[^>]*href\s*=\s*["']([^"']*)["'][^>]*>([\s\S]*?)<\/a\s*>/gi, (_, href: string, text: string) => {
      const label = text.replace(/<[^>]+>/g, "").trim();
      return label && !href.startsWith("#") && !href.startsWith("javascript:") ? `[${label}](${href})` : label;
    })
    .replace(/<h([1-6])\b[^>]*>/gi, (_, level: string) => `\n\n${"#".repeat(Number(level))} `)
    .replace(/<li\b[^>]*>/gi, "\n- ")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/?(td|th)\b[^>]*>/gi, " ")
    .replace(/<\/?([a-z0-9]+)\b[^>]*>/gi, (_, tag: string) => (BLOCK.test(tag) ? "\n\n" : ""))
    .replace(/<[^>]*>/g, "");
  const text = decodeEntities(body)
    .split("\n")
    .map((line) => line.replace(/[ \t\r\f\v\u00a0]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/\u0000(\d+)\u0000/g, (_, i: string) => decodeEntities(pres[Number(i)]!).replace(/^\n+|\n+$/g, ""))
    .trim();
  return { title: title ? decodeEntities(title).replace(/\s+/g, " ").trim() : undefined, text };
}
