// A file name as grep, glob and list_files print it. Names come from the disk, and a repository
// can hold any byte but "/" and NUL in one: `evil\nsrc/main.ts` printed raw reads as two lines,
// the second a clean file's name, so a hit or a listing could be credited to a file that does
// not hold it. A name with a control character (or a backslash or quote, so the quoting itself
// cannot be forged) is printed JSON-quoted; every other name as it is.

const ODD = /[\u0000-\u001f\u007f-\u009f\u2028\u2029"\\]/;

export function shownName(name: string): string {
  return ODD.test(name) ? JSON.stringify(name) : name;
}
