// A configuration problem the user must fix. The CLI prints the message and exits with 2.
export class ConfigError extends Error {
  readonly exitCode = 2;

  constructor(
    message: string,
    /** In a config file: the JSON path of the value at fault (["permissions", "allow", 2]), for its line and column. */
    readonly at?: readonly (string | number)[],
  ) {
    super(message);
    this.name = "ConfigError";
  }
}
