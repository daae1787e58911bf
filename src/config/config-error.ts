// A configuration problem the user must fix. The CLI prints the message and exits with 2.
export class ConfigError extends Error {
  readonly exitCode = 2;

  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}
