// Every credential the configuration holds, whichever provider it serves. A session may reach a
// provider other than the one it started with (`/model`, the protocol's setModel), and its key
// must be redacted from the first event on, not only once the switch has resolved it: the
// redactor is given all of them at start (bootstrap.ts) and each switch's own on top.
import { urlPasswords } from "../engine/secrets/env-secrets.js";
import type { LoadedConfigFile } from "./config-file.js";
import type { KimiLoginResult } from "./kimi-credentials.js";

/**
 * The keys and URL passwords of every config file read (the project's too, trusted or not: an
 * untrusted project's key is still a secret), and the Kimi Code login's token when one is there.
 * The environment's keys are not listed: secret-named variables are known from the environment.
 */
export function credentialsInConfig(read: { user?: LoadedConfigFile | undefined; project?: LoadedConfigFile | undefined }, kimiLogin: KimiLoginResult): string[] {
  const found: string[] = [];
  for (const file of [read.user, read.project]) {
    const values = file?.values;
    if (!values) continue;
    for (const key of [values.api_key, values.web_search?.api_key]) if (key) found.push(key);
    for (const url of [values.base_url, values.web_search?.base_url]) if (url) found.push(...urlPasswords(url));
  }
  if ("found" in kimiLogin) found.push(kimiLogin.found.token);
  return found;
}
