// The longer user-facing texts of configuration, kept apart from the resolution logic.
import { join } from "node:path";

export function noCredentialsMessage(provider: string, envPrefix: string | undefined, userDir: string): string {
  const common = ["KIMI_API_KEY", "OPENAI_API_KEY", "ANTHROPIC_API_KEY"];
  const own = envPrefix && !common.includes(`${envPrefix}_API_KEY`) ? `${envPrefix}_API_KEY` : undefined;
  return [
    `No API key found for provider "${provider}". Any one of these works:`,
    ...(own ? [`  - set ${own}`] : []),
    "  - set KIMI_API_KEY (Kimi Code, the default provider), OPENAI_API_KEY or ANTHROPIC_API_KEY",
    `  - put "api_key" (and "provider") in ${join(userDir, "config.json")} (or in ./.agent.json of a project you trust)`,
    "  - log in with Kimi Code CLI (its token in ~/.kimi-code/credentials/kimi-code.json is used for provider kimi)",
    "  - or use a local server that needs no key: --provider ollama --model <name>",
    "To see mini-agent work without any key, run it with FAKE_LLM=1 (a scripted demo model).",
  ].join("\n");
}
