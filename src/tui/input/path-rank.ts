// Ranks workspace paths for the @ file picker: prefix matches first (of the file name, then
// of the path), then substrings, then in-order (fuzzy) matches; shorter paths win ties.

function rankOf(file: string, query: string): number | undefined {
  if (!query) return 0;
  const lower = file.toLowerCase();
  const base = lower.slice(lower.lastIndexOf("/") + 1);
  if (base.startsWith(query)) return 0;
  if (lower.startsWith(query)) return 1;
  if (base.includes(query)) return 2;
  if (lower.includes(query)) return 3;
  let at = 0;
  for (const char of query) {
    at = lower.indexOf(char, at);
    if (at < 0) return undefined;
    at++;
  }
  return 4;
}

export function rankPaths(files: readonly string[], query: string, limit = 50): string[] {
  const wanted = query.toLowerCase();
  const ranked: { file: string; rank: number }[] = [];
  for (const file of files) {
    const rank = rankOf(file, wanted);
    if (rank !== undefined) ranked.push({ file, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.file.length - b.file.length || (a.file < b.file ? -1 : 1));
  return ranked.slice(0, limit).map((entry) => entry.file);
}
