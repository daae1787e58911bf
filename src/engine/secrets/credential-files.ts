// The user's credential files, read once at start-up for the values in them, so those values
// are redacted wherever they turn up later: a command that prints ~/.aws/credentials through
// `cut`, a config file that repeats a token, a log line. Only the user's own files: a value
// taken from the workspace (a planted `.env`) could blank out what an approval shows.
// Every file is read the way mini-agent reads any file it did not write: a regular file only
// (a FIFO cannot block start-up), at most MAX_BYTES, symlinks followed (dotfile managers).
import path from "node:path";
import { readUserFile } from "../bounded-read.js";
import { credentialValues, type CredentialFormat } from "./credential-values.js";
import { MIN_SECRET_LENGTH } from "./env-secrets.js";

const MAX_BYTES = 1024 * 1024;
/** Bounds what one machine's files add to every redaction (the exact alternation grows with it). */
const MAX_VALUES = 400;

interface CredentialFile {
  /** Relative to the home, or absolute (from a variable). */
  file: string;
  format: CredentialFormat;
}

/** Where the tools keep credentials, relative to the home, as their documentation says. */
const HOME_FILES: readonly CredentialFile[] = [
  { file: ".aws/credentials", format: "assignments" },
  { file: ".aws/config", format: "assignments" },
  { file: ".netrc", format: "netrc" },
  { file: "_netrc", format: "netrc" },
  { file: ".authinfo", format: "netrc" },
  { file: ".pgpass", format: "pgpass" },
  { file: ".git-credentials", format: "urls" },
  { file: ".config/git/credentials", format: "urls" },
  { file: ".npmrc", format: "assignments" },
  { file: ".yarnrc.yml", format: "assignments" },
  { file: ".pypirc", format: "assignments" },
  { file: ".docker/config.json", format: "json" },
  { file: ".config/gh/hosts.yml", format: "assignments" },
  { file: ".kube/config", format: "assignments" },
  { file: ".m2/settings.xml", format: "xml" },
  { file: ".gradle/gradle.properties", format: "assignments" },
  { file: ".gem/credentials", format: "assignments" },
  { file: ".s3cfg", format: "assignments" },
  { file: ".terraformrc", format: "assignments" },
  { file: ".terraform.d/credentials.tfrc.json", format: "json" },
  { file: ".my.cnf", format: "assignments" },
  { file: ".config/rclone/rclone.conf", format: "assignments" },
  { file: ".config/gcloud/application_default_credentials.json", format: "json" },
  { file: ".codex/auth.json", format: "json" },
  { file: ".claude/.credentials.json", format: "json" },
];

/** Files a variable moves or names (AWS_SHARED_CREDENTIALS_FILE, KUBECONFIG's list, …). */
function movedFiles(env: NodeJS.ProcessEnv): CredentialFile[] {
  const files: CredentialFile[] = [];
  const add = (value: string | undefined, format: CredentialFormat, inside = "") => {
    if (value) files.push({ file: path.join(value, inside), format });
  };
  add(env["AWS_SHARED_CREDENTIALS_FILE"], "assignments");
  add(env["AWS_CONFIG_FILE"], "assignments");
  add(env["NETRC"], "netrc");
  add(env["PGPASSFILE"], "pgpass");
  add(env["NPM_CONFIG_USERCONFIG"] ?? env["npm_config_userconfig"], "assignments");
  add(env["DOCKER_CONFIG"], "json", "config.json");
  add(env["GH_CONFIG_DIR"], "assignments", "hosts.yml");
  add(env["XDG_CONFIG_HOME"], "urls", "git/credentials");
  add(env["XDG_CONFIG_HOME"], "assignments", "gh/hosts.yml");
  add(env["XDG_CONFIG_HOME"], "assignments", "rclone/rclone.conf");
  add(env["GRADLE_USER_HOME"], "assignments", "gradle.properties");
  add(env["TF_CLI_CONFIG_FILE"], "assignments");
  add(env["CLOUDSDK_CONFIG"], "json", "application_default_credentials.json");
  add(env["GOOGLE_APPLICATION_CREDENTIALS"], "json");
  add(env["CODEX_HOME"], "json", "auth.json");
  add(env["CLAUDE_CONFIG_DIR"], "json", ".credentials.json");
  for (const file of (env["KUBECONFIG"] ?? "").split(path.delimiter)) add(file, "assignments");
  return files;
}

export interface CredentialFileOptions {
  env: NodeJS.ProcessEnv;
  /** The user's home directory (HOME), not the agent's. */
  home: string;
}

/** The secret values in the user's credential files that mini-agent can read; none when it can read none. */
export function secretsFromCredentialFiles({ env, home }: CredentialFileOptions): string[] {
  const values = new Set<string>();
  const seen = new Set<string>();
  for (const { file, format } of [...HOME_FILES, ...movedFiles(env)]) {
    const absolute = path.resolve(home, file);
    if (seen.has(absolute)) continue;
    seen.add(absolute);
    const read = readUserFile(absolute, { maxBytes: MAX_BYTES, what: "credential file", overflow: "truncate" });
    if (!read.ok) continue;
    for (const value of credentialValues(read.text, format)) {
      if (value.length >= MIN_SECRET_LENGTH && values.size < MAX_VALUES) values.add(value);
    }
  }
  return [...values];
}
