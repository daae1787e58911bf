// The Headers, Response and FormData the provider SDKs see in the bundles
// (scripts/esbuild-lean-web.mjs imports these names into their modules) and that our fetch
// hands back. Touching Node 20's own globals loads its internal undici bundle, ~18 ms a run
// (docs/adr/0026-lean-web-classes.md).
export { LeanHeaders as Headers } from "./lean-headers.js";
export { LeanResponse as Response } from "./lean-response.js";

/**
 * The SDKs test every request body with `body instanceof FormData`; only an upload builds one.
 * This answers that test without loading undici, and `new FormData()` is Node's own.
 */
export class FormData {
  constructor() {
    return new globalThis.FormData();
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return Object.prototype.toString.call(value) === "[object FormData]";
  }
}
