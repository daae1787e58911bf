// `cd dir && …` in the allowlist. Models change into a subdirectory before most commands, and
// asking each time is approval fatigue. A `cd` is harmless when its one operand is a literal
// directory inside the workspace (never `..`, which bash's logical `cd` and the kernel resolve
// differently); later paths are then judged from every directory the line may be in by then,
// since a failed `cd` followed by `;` leaves the shell where it was. After a `cd`, git and the
// vouched programs (the project's tests, a user's allow rule) ask: they read their own config
// from the directory they start in (a nested repository's hooks, another package.json).
// CDPATH, which would send `cd name` elsewhere, is unset before every command (process-runner.ts).
import type { PathOracle } from "./path-oracle.js";
import type { ShellWord } from "../shell/shell-words.js";
import { reject, type Judging } from "./strict-judging.js";

export function changeDirectory(args: ShellWord[], options: Judging): void {
  if (args.length !== 1) reject("cd without exactly one directory");
  const target = args[0]!;
  if (!target.literal || target.glob) reject("cd to a directory known only at run time");
  const value = target.value;
  if (value === "" || value.startsWith("-") || value.startsWith("~")) reject(`cd ${value || "''"}: an option, the home or the previous directory`);
  if (value.split("/").includes("..")) reject(`cd ${value}: bash's logical cd reads .. differently from the kernel`);
  const entered = options.places.map((place) => place.enter(value));
  const problem = entered.find((place): place is string => typeof place === "string");
  if (problem) reject(`cd ${problem}`);
  setPlaces(options, [...options.places, ...(entered as PathOracle[])]);
  options.moved = true;
}

/** `cd dir && rest`: rest runs only if the cd succeeded, so it is judged from there alone. */
export function judgeAfterCd(options: Judging, cd: () => void, rest: () => void): void {
  const before = options.places.length;
  cd();
  const all = options.places;
  const entered = all.slice(before);
  setPlaces(options, entered);
  rest();
  setPlaces(options, [...all, ...options.places.filter((place) => !entered.includes(place))]);
}

function setPlaces(options: Judging, places: PathOracle[]): void {
  options.places = places;
  options.oracle = places.length === 1 ? places[0]! : everyPlace(places);
}

/** One oracle for several possible working directories: a word must be harmless from each. */
function everyPlace(places: readonly PathOracle[]): PathOracle {
  const first = <T>(ask: (place: PathOracle) => T | undefined) => {
    for (const place of places) {
      const answer = ask(place);
      if (answer !== undefined) return answer;
    }
    return undefined;
  };
  return {
    expand(value, glob) {
      const words = new Set<string>();
      for (const place of places) {
        const expanded = place.expand(value, glob);
        if (!expanded) return undefined;
        for (const word of expanded) words.add(word);
      }
      return [...words];
    },
    readProblem: (value) => first((place) => place.readProblem(value)),
    writeProblem: (value) => first((place) => place.writeProblem(value)),
    treeProblem: (value, visibleOnly) => first((place) => place.treeProblem(value, visibleOnly)),
    // Only the root's own repository is vouched for; after a cd, git asks anyway.
    ownRepository: () => false,
    gitCredentials: (reach) => first((place) => place.gitCredentials(reach)),
    enter: () => "cd from a directory known only at run time",
  };
}
