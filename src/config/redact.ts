// Values as they may appear in the start-up report: keys shortened to sk-…abcd, passwords
// in proxy URLs hidden.
export { redactKey } from "../engine/llm/failures/scrub.js";

export function redactUrl(url: string): string {
  // String surgery rather than URL: URL would percent-encode the ellipsis.
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^@/]*)@/i, (_all, scheme: string, userinfo: string) =>
    `${scheme}${userinfo.includes(":") ? "…:…" : "…"}@`,
  );
}
