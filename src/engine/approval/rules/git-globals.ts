// git's global options (the words before the subcommand) that take the next word as their
// value, as git's handle_options reads them. `--exec-path` and `--list-cmds` take a value only
// after `=` (`git --exec-path` alone prints the path), so the word after them is not theirs.
// One list for everything that finds git's subcommand: the built-in git rules and the
// canonical form user rules are matched against must agree on which word that is.
export const GIT_GLOBALS_WITH_VALUE: readonly string[] = ["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--super-prefix", "--config-env"];
