// Every long option of the GNU programs in the safe table, harmless or not, exactly as their
// getopt_long tables hold them (coreutils 9.1, grep 3.8, diffutils 3.8, file 5.44, util-linux
// 2.38's hexdump: `prog --=x` makes getopt_long list them all without running anything). These
// programs (and sed 4.9) accept any unambiguous prefix of a long option (`--deref` is `--dereference`), so
// an abbreviation can only be judged against the whole list: `--col` for grep could be
// `--color` or `--colour`, and `--out` for sort is `--output`. A name with a leading `-` is
// spelt with three dashes (`---presume-input-pipe`, an undocumented testing option).
const words = (list: string) => list.trim().split(/\s+/);

const LISTS: Record<string, string> = {
  ls: `
    all almost-all author block-size classify color context dereference dereference-command-line
    dereference-command-line-symlink-to-dir directory dired escape file-type format full-time
    group-directories-first help hide hide-control-chars human-readable hyperlink ignore ignore-backups
    indicator-style inode kibibytes literal no-group numeric-uid-gid quote-name quoting-style recursive
    reverse show-control-chars si size sort tabsize time time-style version width zero
  `,
  cat: `help number number-nonblank show-all show-ends show-nonprinting show-tabs squeeze-blank version`,
  tac: `before help regex separator version`,
  fold: `bytes help spaces version width`,
  paste: `delimiters help serial version zero-terminated`,
  comm: `check-order help nocheck-order output-delimiter total version zero-terminated`,
  base64: `decode help ignore-garbage version wrap`,
  nproc: `all help ignore version`,
  // GNU sed 4.9.
  sed: `
    binary debug expression file follow-symlinks help in-place line-length null-data posix quiet regexp-extended sandbox
    separate silent unbuffered version zero-terminated
  `,
  head: `-presume-input-pipe bytes help lines quiet silent verbose version zero-terminated`,
  tail: `
    -disable-inotify -presume-input-pipe bytes follow help lines max-unchanged-stats pid quiet retry silent
    sleep-interval verbose version zero-terminated
  `,
  nl: `
    body-numbering footer-numbering header-numbering help join-blank-lines line-increment no-renumber
    number-format number-separator number-width section-delimiter starting-line-number version
  `,
  wc: `bytes chars debug files0-from help lines max-line-length version words`,
  stat: `cached dereference file-system format help printf terse version`,
  du: `
    all apparent-size block-size bytes count-links dereference dereference-args exclude exclude-from
    files0-from help human-readable inodes max-depth no-dereference null one-file-system separate-dirs si
    summarize threshold time time-style total version
  `,
  df: `
    all block-size exclude-type help human-readable inodes local no-sync output portability print-type si
    sync total type version
  `,
  basename: `help multiple suffix version zero`,
  dirname: `help version zero`,
  realpath: `
    canonicalize-existing canonicalize-missing help logical no-symlinks physical quiet relative-base
    relative-to strip version zero
  `,
  readlink: `
    canonicalize canonicalize-existing canonicalize-missing help no-newline quiet silent verbose version
    zero
  `,
  cut: `
    bytes characters complement delimiter fields help only-delimited output-delimiter version
    zero-terminated
  `,
  sort: `
    batch-size buffer-size check compress-program debug dictionary-order field-separator files0-from
    general-numeric-sort help human-numeric-sort ignore-case ignore-leading-blanks ignore-nonprinting key
    merge month-sort numeric-sort output parallel random-sort random-source reverse sort stable
    temporary-directory unique version version-sort zero-terminated
  `,
  uniq: `
    all-repeated check-chars count group help ignore-case repeated skip-chars skip-fields unique version
    zero-terminated
  `,
  sha256sum: `binary check help ignore-missing quiet status strict tag text version warn zero`,
  b2sum: `binary check help ignore-missing length quiet status strict tag text version warn zero`,
  cksum: `
    algorithm check debug help ignore-missing length quiet status strict tag untagged version warn zero
  `,
  od: `
    address-radix endian format help output-duplicates read-bytes skip-bytes strings traditional version
    width
  `,
  date: `
    date debug file help iso-8601 reference resolution rfc-2822 rfc-3339 rfc-822 rfc-email set uct universal
    utc version
  `,
  id: `context group groups help name real user version zero`,
  uname: `
    all hardware-platform help kernel-name kernel-release kernel-version machine nodename operating-system
    processor release sysname version
  `,
  printenv: `help null version`,
  file: `
    apple brief checking-printout compile debug dereference exclude exclude-quiet extension files-from help
    keep-going list magic-file mime mime-encoding mime-type no-buffer no-dereference no-pad no-sandbox
    parameter preserve-date print0 raw separator special-files uncompress uncompress-noreport version
  `,
  grep: `
    after-context basic-regexp before-context binary binary-files byte-offset color colour context count
    dereference-recursive devices directories exclude exclude-dir exclude-from extended-regexp file
    files-with-matches files-without-match fixed-regexp fixed-strings group-separator help ignore-case
    include initial-tab invert-match label line-buffered line-number line-regexp max-count no-filename
    no-group-separator no-ignore-case no-messages null null-data only-matching perl-regexp quiet recursive
    regexp silent text unix-byte-offsets version with-filename word-regexp
  `,
  diff: `
    -presume-output-tty binary brief changed-group-format color context ed exclude exclude-from expand-tabs
    forward-ed from-file help horizon-lines ifdef ignore-all-space ignore-blank-lines ignore-case
    ignore-file-name-case ignore-matching-lines ignore-space-change ignore-tab-expansion
    ignore-trailing-space inhibit-hunk-merge initial-tab label left-column line-format minimal new-file
    new-group-format new-line-format no-dereference no-ignore-file-name-case normal old-group-format
    old-line-format paginate palette rcs recursive report-identical-files sdiff-merge-assist show-c-function
    show-function-line side-by-side speed-large-files starting-file strip-trailing-cr suppress-blank-empty
    suppress-common-lines tabsize text to-file unchanged-group-format unchanged-line-format
    unidirectional-new-file unified version width
  `,
  cmp: `bytes help ignore-initial print-bytes print-chars quiet silent verbose version`,
  hexdump: `
    canonical color format format-file help length no-squeezing one-byte-char one-byte-octal skip
    two-bytes-decimal two-bytes-hex two-bytes-octal version
  `,
  touch: `date help no-create no-dereference reference time version`,
  mkdir: `context help mode parents verbose version`,
  cp: `
    archive attributes-only backup context copy-contents dereference force help interactive link no-clobber
    no-dereference no-preserve no-target-directory one-file-system parents path preserve recursive reflink
    remove-destination sparse strip-trailing-slashes suffix symbolic-link target-directory update verbose
    version
  `,
  mv: `
    backup context force help interactive no-clobber no-target-directory strip-trailing-slashes suffix
    target-directory update verbose version
  `,
  rm: `
    -presume-input-tty dir force help interactive no-preserve-root one-file-system preserve-root recursive
    verbose version
  `,
  rmdir: `help ignore-fail-on-non-empty parents path verbose version`,
  tee: `append help ignore-interrupts output-error version`,
};

/** Programs that share another's table (egrep is `grep -E`), or differ from it by nothing that parses. */
const SAME_AS: Record<string, string> = {
  egrep: "grep", fgrep: "grep", sha1sum: "sha256sum", sha224sum: "sha256sum", sha384sum: "sha256sum", sha512sum: "sha256sum",
  md5sum: "sha256sum",
};

/** The program's complete long-option list, or undefined when it is not a GNU program we read. */
export function gnuLongOptions(program: string): readonly string[] | undefined {
  const list = LISTS[SAME_AS[program] ?? program];
  return list === undefined ? undefined : words(list);
}
