// Preloaded into a CLI child (NODE_OPTIONS=--require) to record which V8 flags it sets at run
// time and which of Node's own modules it loads while a changed flag stands (ADR 0024: those
// compile from source, because V8's flag hash no longer matches Node's code cache). The hash is
// read with v8.cachedDataVersionTag(): a module loaded while the tag differs from the one at
// start-up lost the cache. Written to $FLAG_PROBE_LOG at exit as JSON:
// { flags, loadedWhileChanged, loadedAfterFirstFlag, newSpaceAtFlag, newSpaceAtExit }
// (bytes the young generation had when the first flag was set, and at exit).
"use strict";
const fs = require("node:fs");
const v8 = require("node:v8");

const log = process.env.FLAG_PROBE_LOG;
if (log) {
  const startTag = v8.cachedDataVersionTag();
  const flags = [];
  /** [from, to) ranges of process.moduleLoadList loaded while the tag differed from startTag. */
  const changed = [];
  let changedSince = -1;
  let firstFlagAt = -1;
  let newSpaceAtFlag = 0;
  const newSpace = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space")?.space_size ?? 0;
  const setFlags = v8.setFlagsFromString;
  // Replaced before any ES module imports node:v8, so the module's named export is this one.
  v8.setFlagsFromString = function (flag) {
    if (firstFlagAt < 0) {
      firstFlagAt = process.moduleLoadList.length;
      newSpaceAtFlag = newSpace();
    }
    flags.push(String(flag));
    const result = setFlags.call(this, flag);
    const isChanged = v8.cachedDataVersionTag() !== startTag;
    if (isChanged && changedSince < 0) changedSince = process.moduleLoadList.length;
    if (!isChanged && changedSince >= 0) {
      changed.push([changedSince, process.moduleLoadList.length]);
      changedSince = -1;
    }
    return result;
  };
  const builtins = (entries) => entries.filter((entry) => entry.startsWith("NativeModule ")).map((entry) => entry.slice(13));
  process.on("exit", () => {
    const list = process.moduleLoadList;
    if (changedSince >= 0) changed.push([changedSince, list.length]);
    const loadedWhileChanged = changed.flatMap(([from, to]) => builtins(list.slice(from, to)));
    const loadedAfterFirstFlag = firstFlagAt < 0 ? [] : builtins(list.slice(firstFlagAt));
    fs.writeFileSync(log, JSON.stringify({ flags, loadedWhileChanged, loadedAfterFirstFlag, newSpaceAtFlag, newSpaceAtExit: newSpace() }));
  });
}
