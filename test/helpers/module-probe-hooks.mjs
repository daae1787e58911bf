// Loader hooks for module-probe.cjs: records each ES module file as it loads.
import { appendFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

let log = "";
export function initialize(data) {
  log = data.log;
}

export async function load(url, context, next) {
  if (url.startsWith("file:")) appendFileSync(log, `${fileURLToPath(url)}\n`);
  return next(url, context);
}
