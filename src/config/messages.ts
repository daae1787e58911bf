// The longer user-facing texts of configuration, kept apart from the resolution logic.
import { join } from "node:path";

export function noCredentialsMessage(provider: string, envPrefix: string | undefined, userDir: string): string {
  const common = ["KIMI_API_KEY", "OPENAI_API_KEY", "ANTHROPIC_API_KEY"];
  // The provider's own variable first: it is the one that makes this provider work.
  const own = envPrefix ? `${envPrefix}_API_KEY` : undefined;
  const others = common
    .filter((name) => name !== own)
    .map((name) => (name === "KIMI_API_KEY" ? "KIMI_API_KEY (Kimi Code, the default provider)" : name));
  const othersText = `${others.slice(0, -1).join(", ")} or ${others.at(-1)}`;
  return [
    `No API key found for provider "${provider}". Any one of these works:`,
    ...(own ? [`  - set ${own}`, `  - or use another provider: set ${othersText}`] : [`  - set ${othersText}`]),
    `  - put "api_key" (and "provider") in ${join(userDir, "config.json")} (or in ./.agent.json of a project you trust)`,
    "  - log in with Kimi Code CLI (its token in ~/.kimi-code/credentials/kimi-code.json is used for provider kimi)",
    "  - or use a local server that needs no key: --provider ollama --model <name>",
    "To see mini-agent work without any key, run it with FAKE_LLM=1 (a scripted demo model).",
  ].join("\n");
}
