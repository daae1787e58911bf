// web_fetch rules are about where the request goes (ADR 0073): a URL rule meets the URL as it
// is fetched (host case, default port, `..`), and a pattern with no scheme names hosts, the
// unit an "always" for web_fetch covers. End to end through the built CLI: what the model was
// told back, with `.invalid` hosts (never resolvable) so an attempted fetch shows as a failure.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";

async function fetchWith(rules: { allow?: string[]; deny?: string[] }, url: string, yes: boolean): Promise<{ code: number | null; said: string }> {
  const box = makeSandbox();
  writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ permissions: rules }));
  const script = box.script({ turns: [{ tool_calls: [{ name: "web_fetch", arguments: { url } }] }, { text: "said: {{last_result}}" }] });
  const result = await runCli(["-p", "fetch it", ...(yes ? ["--yes"] : [])], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
  return { code: result.code, said: result.stdout };
}

const DENIED = "refused: denied by a rule in your configuration";
const ATTEMPTED = /fetching https:\/\/\S+ failed/;

describe("web_fetch rules", () => {
  it("a URL deny rule holds for every spelling of the same address, even with --yes", async () => {
    for (const url of ["https://DOCS.invalid/x", "https://docs.invalid:443/x", "https://docs.invalid/a/../x", "https://docs.invalid/x#frag"]) {
      const run = await fetchWith({ deny: ["web_fetch(https://docs.invalid/**)"] }, url, true);
      expect(run.code, url).toBe(0);
      expect(run.said, url).toContain(DENIED);
      expect(run.said, url).not.toMatch(ATTEMPTED);
    }
  });

  it("a pattern without a scheme names hosts: deny stops every URL on them, allow runs them unasked", async () => {
    const denied = await fetchWith({ deny: ["web_fetch(docs.invalid)"] }, "https://Docs.invalid/any/path?q=1", true);
    expect(denied.said).toContain(DENIED);
    expect(denied.said).not.toMatch(ATTEMPTED);

    const allowed = await fetchWith({ allow: ["web_fetch(*.docs.invalid)"] }, "https://api.docs.invalid/v1", false);
    expect(allowed.said).toMatch(ATTEMPTED);
    expect(allowed.said).not.toContain("needs approval");
  });

  it("an allow rule covers no other host, whatever the URL's text holds", async () => {
    for (const url of ["https://docs.invalid.evil.invalid/", "https://evil.invalid/?u=https://docs.invalid/", "https://evil.invalid/#docs.invalid"]) {
      const run = await fetchWith({ allow: ["web_fetch(docs.invalid)", "web_fetch(https://docs.invalid/**)"] }, url, false);
      expect(run.said, url).toContain("needs approval");
      expect(run.said, url).not.toMatch(ATTEMPTED);
    }
  });
});
