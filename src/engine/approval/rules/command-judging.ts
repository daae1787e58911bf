// What the composition root loads when the gate first sees a command call (ADR 0027): the
// command policy, and the setting of where the shell parser keeps its code cache (ADR 0022).
// Nothing on the start path imports these modules, so a run without commands compiles none.
export { classifyCommand } from "./command-policy.js";
export { setShellParserCacheDir } from "../shell/mvdan-sh.js";
