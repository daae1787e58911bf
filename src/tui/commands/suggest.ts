// What an unknown "/word" was probably meant to be: a command it begins (/sess → /sessions), or
// one a typo or two away (/hlep → /help, /claer → /clear). Aliases count as names (/resum →
// /resume). Nothing close: no guess, and the caller points to /help instead.
import type { CommandDeclaration } from "./declarations.js";

/** Edits between two words, a swap of neighbours counting as one (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** Names a command answers to: its own, then its aliases. */
export function namesOf(command: CommandDeclaration): string[] {
  return [command.name, ...(command.aliases ?? [])];
}

/** At most two names the typed word was likely meant as, closest first. */
export function suggestCommands(typed: string, commands: readonly CommandDeclaration[]): string[] {
  const word = typed.toLowerCase();
  const names = commands.flatMap(namesOf);
  // A beginning says more than a typo: "/mo" means /model or /models, not /undo.
  const begun = word.length >= 2 ? names.filter((name) => name.startsWith(word)) : [];
  if (begun.length > 0) return begun.slice(0, 2);
  // Short words tolerate one slip, longer ones two: "/frob" is no typo of "/undo".
  const allowed = word.length <= 4 ? 1 : 2;
  return names
    .map((name) => ({ name, distance: editDistance(word, name) }))
    .filter((entry) => entry.distance <= allowed)
    .sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : 1))
    .slice(0, 2)
    .map((entry) => entry.name);
}

/** "unknown command /hlep; did you mean /help?" or, with nothing close, where the list is. */
export function describeUnknown(typed: string, commands: readonly CommandDeclaration[]): string {
  const guesses = suggestCommands(typed, commands).map((name) => `/${name}`);
  const hint = guesses.length > 0 ? `did you mean ${guesses.join(" or ")}?` : "/help lists the commands";
  return `unknown command /${typed}; ${hint}`;
}
