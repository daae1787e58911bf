// Preloaded into a CLI child (NODE_OPTIONS=--require) to record which V8 flags it sets at run
// time and which of Node's own modules it loads afterwards (ADR 0024: those compile from
// source, because a changed flag invalidates Node's code cache). Written to $FLAG_PROBE_LOG
// at exit as JSON: { flags, loadedAfter, newSpaceAtFlag, newSpaceAtExit } (bytes the young
// generation had when the first flag was set, and at exit).
"use strict";
const fs = require("node:fs");
const v8 = require("node:v8");

const log = process.env.FLAG_PROBE_LOG;
if (log) {
  const flags = [];
  let mark = -1;
  let newSpaceAtFlag = 0;
  const newSpace = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space")?.space_size ?? 0;
  const setFlags = v8.setFlagsFromString;
  // Replaced before any ES module imports node:v8, so the module's named export is this one.
  v8.setFlagsFromString = function (flag) {
    if (mark < 0) {
      mark = process.moduleLoadList.length;
      newSpaceAtFlag = newSpace();
    }
    flags.push(String(flag));
    return setFlags.call(this, flag);
  };
  process.on("exit", () => {
    const loadedAfter = mark < 0 ? [] : process.moduleLoadList.slice(mark).filter((entry) => entry.startsWith("NativeModule ")).map((entry) => entry.slice(13));
    fs.writeFileSync(log, JSON.stringify({ flags, loadedAfter, newSpaceAtFlag, newSpaceAtExit: newSpace() }));
  });
}
