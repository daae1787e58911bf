// `node --import ./record-loads.mjs …`: appends the URL of every ES module the process loads
// to $RECORD_LOADS, one per line (a loader hook; runs in Node's hooks thread).
import { register } from "node:module";

register("./record-loads-hooks.mjs", import.meta.url);
