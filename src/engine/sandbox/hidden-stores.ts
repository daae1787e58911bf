// Where credentials live, so the sandbox can hide them (ADR 0037). The home is replaced as a
// whole inside the sandbox (home-view.ts), so this list is not what hides a store there: it
// finds the stores that live elsewhere — reached through a symlink out of the home (a dotfile
// manager's `~/.aws -> /mnt/dotfiles/aws`), or moved by an environment variable
// (AWS_SHARED_CREDENTIALS_FILE, KUBECONFIG, …) — and it keeps a shown toolchain folder from
// being one. Where the workspace holds the home itself (mini-agent started in ~), nothing can
// replace the home, and this list is what is hidden.
import path from "node:path";
import { realPathIfAny } from "./real-path.js";

/** Relative to a home: credentials, tokens, keys, agent logins, shell history. */
export const HOME_STORES: readonly string[] = [
  ".ssh", ".aws", ".gnupg", ".kube", ".docker", ".azure", ".netrc", ".authinfo", ".authinfo.gpg", ".git-credentials",
  ".npmrc", ".yarnrc", ".yarnrc.yml", ".pypirc", ".pgpass", ".my.cnf", ".vault-token", ".s3cfg", ".boto", ".terraformrc",
  ".terraform.d", ".cargo/credentials", ".cargo/credentials.toml", ".m2/settings.xml", ".m2/settings-security.xml",
  ".gradle/gradle.properties", ".gem/credentials", ".local/share/gem/credentials", ".nuget/NuGet/NuGet.Config", ".composer/auth.json",
  ".config/gh", ".config/hub", ".config/gcloud", ".config/git/credentials", ".config/rclone", ".config/containers/auth.json",
  ".config/composer/auth.json", ".config/op", ".config/doctl", ".config/helm", ".config/pip", ".config/configstore",
  ".local/share/keyrings", ".password-store", ".mozilla", ".config/google-chrome", ".config/chromium",
  ".mini-agent", ".kimi-code", ".codex", ".claude", ".claude.json", ".gemini", ".config/github-copilot", ".cursor", ".aider",
  ".bash_history", ".zsh_history", ".zhistory", ".histfile", ".python_history", ".node_repl_history", ".psql_history",
  ".mysql_history", ".sqlite_history", ".lesshst", ".local/share/fish/fish_history", ".local/share/uv/credentials",
  ".mylogin.cnf", ".local/share/helm", ".config/pypoetry/auth.toml", ".local/share/python_keyring", ".ansible/vault_password",
  ".config/hcloud", ".config/doctl", ".oci", ".aliyun", ".config/scw", ".config/netlify", ".config/vercel", ".fly", ".config/heroku",
  ".jfrog", ".conan2/credentials.json", ".config/cachix", ".config/sops", ".config/age", ".wgetrc", ".config/mc", ".mc",
];

/**
 * Variables that name a store's path. Each is hidden wherever it points (symlinks resolved)
 * and dropped from the command's environment, so a tool falls back to its place in the home,
 * which the sandbox replaces. KUBECONFIG is a list; KRB5CCNAME may carry a `FILE:` prefix.
 */
export const STORE_VARIABLES: readonly string[] = [
  "AWS_SHARED_CREDENTIALS_FILE", "AWS_CONFIG_FILE", "AWS_WEB_IDENTITY_TOKEN_FILE", "DOCKER_CONFIG", "KUBECONFIG", "GNUPGHOME",
  "CLOUDSDK_CONFIG", "GOOGLE_APPLICATION_CREDENTIALS", "AZURE_CONFIG_DIR", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME",
  "XDG_RUNTIME_DIR", "MINI_AGENT_HOME", "KIMI_CODE_HOME", "CODEX_HOME", "CLAUDE_CONFIG_DIR", "GH_CONFIG_DIR", "NPM_CONFIG_USERCONFIG",
  "npm_config_userconfig", "PIP_CONFIG_FILE", "GIT_CONFIG_GLOBAL", "HISTFILE", "PGPASSFILE", "PGSERVICEFILE", "NETRC", "CURL_HOME",
  "TF_CLI_CONFIG_FILE", "REGISTRY_AUTH_FILE", "VAULT_CONFIG_PATH", "BOTO_CONFIG", "RCLONE_CONFIG", "SOPS_AGE_KEY_FILE",
  "HELM_REGISTRY_CONFIG", "SSH_AUTH_SOCK", "GPG_AGENT_INFO", "KRB5CCNAME", "OP_CONFIG_DIR",
  // Each from its tool's documentation: a file or folder that holds logins, tokens or keys.
  "HELM_REPOSITORY_CONFIG", "HELM_CONFIG_HOME", "HELM_DATA_HOME", "NPM_CONFIG_GLOBALCONFIG", "npm_config_globalconfig", "YARN_RC_FILENAME",
  "BUNDLE_USER_CONFIG", "BUNDLE_USER_HOME", "CONDARC", "POETRY_CONFIG_DIR", "PIPENV_PYPI_MIRROR", "TWINE_CONFIG_FILE", "CONAN_HOME",
  "OCI_CLI_CONFIG_FILE", "ALIBABA_CLOUD_CREDENTIALS_FILE", "KUBE_CONFIG_PATH", "MC_CONFIG_DIR", "S3CMD_CONFIG", "MYSQL_TEST_LOGIN_FILE",
  "MYSQL_HOME", "RESTIC_PASSWORD_FILE", "BORG_KEYS_DIR", "ANSIBLE_VAULT_PASSWORD_FILE", "PASSWORD_STORE_DIR", "JFROG_CLI_HOME_DIR",
  "WGETRC", "SSH_ASKPASS", "GIT_ASKPASS", "DOCKER_CERT_PATH", "AWS_SSO_CACHE_PATH", "GOOGLE_GHA_CREDS_PATH", "SOPS_AGE_KEY_CMD",
];

/** Toolchain homes kept visible, whose credential files are hidden one by one. */
const TOOLCHAIN_STORES: Record<string, readonly string[]> = {
  CARGO_HOME: ["credentials", "credentials.toml"],
  GRADLE_USER_HOME: ["gradle.properties"],
  COMPOSER_HOME: ["auth.json"],
  RUSTUP_HOME: [],
};

/** Whole folders of everything (configs, data, state, runtime files): hidden where they point, but a shown toolchain may sit in one. */
const BROAD_VARIABLES = new Set(["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR"]);

export interface StoreScan {
  /** Real paths of every store that exists (all homes' and the moved ones): nothing shown may be, hold or sit in one. */
  stores: string[];
  /** Real paths the broad variables name (XDG_*): hidden too. */
  broad: string[];
  /** Variables to drop from a sandboxed command's environment. */
  unset: string[];
}

/** The paths a variable's value names (absolute, or taken against `cwd`). */
function pathsIn(name: string, value: string, cwd: string): string[] {
  let items = name === "KUBECONFIG" ? value.split(path.delimiter) : [value];
  if (name === "KRB5CCNAME") items = items.filter((item) => !/^[A-Z]+:/.test(item) || item.startsWith("FILE:")).map((item) => item.replace(/^FILE:/, ""));
  if (name === "GPG_AGENT_INFO") items = items.map((item) => item.split(":")[0] ?? "");
  return items.filter((item) => item.trim() !== "").map((item) => path.resolve(cwd, item));
}

/** Finds the stores of `homes` (each as given and resolved), those `env` moves, and `extra` folders (the agent's home). */
export function scanStores(input: { homes: readonly string[]; env: NodeJS.ProcessEnv; extra?: readonly string[]; storeNames?: readonly string[]; cwd?: string }): StoreScan {
  const stores = new Set<string>();
  const broad = new Set<string>();
  const add = (absolute: string, into = stores) => {
    const resolved = realPathIfAny(absolute);
    if (resolved && resolved !== "/") into.add(resolved);
  };
  const names = input.storeNames ?? HOME_STORES;
  for (const home of input.homes) for (const name of names) add(path.join(home, name));
  for (const folder of input.extra ?? []) add(folder);
  const unset: string[] = [];
  const cwd = input.cwd ?? process.cwd();
  for (const name of STORE_VARIABLES) {
    const value = input.env[name];
    if (value === undefined) continue;
    unset.push(name);
    for (const item of pathsIn(name, value, cwd)) add(item, BROAD_VARIABLES.has(name) ? broad : stores);
  }
  for (const [name, files] of Object.entries(TOOLCHAIN_STORES)) {
    const value = input.env[name];
    if (value) for (const file of files) add(path.join(path.resolve(cwd, value), file));
  }
  return { stores: [...stores], broad: [...broad], unset };
}

/** `inner` is `outer` or inside it. */
export function isWithin(inner: string, outer: string): boolean {
  return inner === outer || inner.startsWith(outer.endsWith(path.sep) ? outer : outer + path.sep);
}
