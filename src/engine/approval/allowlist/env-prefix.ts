// Which variable assignments a command line may make without a question: `LC_ALL=C sort x`,
// `TZ=UTC date`, `NO_COLOR=1 rg x`. Any other name asks, because a variable can change what a
// program loads or runs: `XDG_CONFIG_HOME=cfg git log -p` reads a repository-shipped git
// config (its pager, textconv and fsmonitor run), `RIPGREP_CONFIG_PATH=rg.conf rg x` adds
// `--pre=prog`, `GIT_*`, `PAGER`, `LESSOPEN`, `LD_PRELOAD`, `GCONV_PATH`, `POSIXLY_CORRECT`
// (which moves where options end) and names nobody has listed yet. A bare assignment
// (`PAGER=x; git log`) counts too: a variable already exported passes its new value on.
// Each harmless name also has a value shape, from the manuals that read it: glibc takes a
// locale name with a `/` as a path to load locale data from (and gettext a message catalog
// whose format strings the program then uses), and a TZ of `:/path` or `/path` reads that
// file, so only plain names pass.

/** Locale names as glibc documents them: `C`, `POSIX`, `en_US.UTF-8`, `de_DE@euro`. */
const LOCALE_NAME = /^[A-Za-z0-9_.@-]*$/;

const SHAPES: Record<string, RegExp> = {
  LANG: LOCALE_NAME,
  LC_ALL: LOCALE_NAME,
  // gettext's LANGUAGE is a colon-separated list of locale names.
  LANGUAGE: /^[A-Za-z0-9_.@:-]*$/,
  // A zoneinfo name (`UTC`, `Europe/Berlin`, `:Etc/GMT+1`) or a POSIX rule (`EST5EDT,M3.2.0,M11.1.0`);
  // not a path from the root.
  TZ: /^(?!:?\/)[A-Za-z0-9_+,.<>/:-]*$/,
  // Terminal type names are looked up in the system's terminfo database; ncurses refuses a `/`.
  TERM: /^[A-Za-z0-9_.+-]*$/,
  COLUMNS: /^\d{0,5}$/,
  LINES: /^\d{0,5}$/,
  // Colour switches (no-color.org, bixense.com/clicolors) and the CI convention: any value only switches.
  NO_COLOR: /^[^\n]*$/,
  CLICOLOR: /^[^\n]*$/,
  CLICOLOR_FORCE: /^[^\n]*$/,
  CI: /^[^\n]*$/,
};

/** The glibc locale categories (locale(7)); each takes a locale name like LANG. */
const LC_CATEGORY = /^LC_(CTYPE|COLLATE|MESSAGES|MONETARY|NUMERIC|TIME|ADDRESS|IDENTIFICATION|MEASUREMENT|NAME|PAPER|TELEPHONE)$/;

/**
 * Why assigning `value` to `name` is not known to be harmless, or undefined when it is.
 * `value` is undefined when it is known only at run time.
 */
export function assignmentProblem(name: string, value: string | undefined): string | undefined {
  const shape = SHAPES[name] ?? (LC_CATEGORY.test(name) ? LOCALE_NAME : undefined);
  if (!shape) return `sets ${name}, which is not on the list of harmless variables`;
  if (value === undefined) return `sets ${name} to a value known only at run time`;
  if (!shape.test(value) || value.includes("..")) return `sets ${name} to ${JSON.stringify(value)}, which is not a plain value for it`;
  return undefined;
}
