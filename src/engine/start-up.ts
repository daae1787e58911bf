// The engine's door for a process's first moments (cli.ts, the TUI's launch): the heap policy
// must be applied before the engine's modules load (ADR 0024), so it cannot come through
// index.ts, whose imports would load with it. Faces import nothing else from here.
export { applyHeapPolicy, usesNetwork } from "./heap-policy.js";
