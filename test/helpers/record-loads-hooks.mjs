// The loader hook behind record-loads.mjs.
import { appendFileSync } from "node:fs";

export async function load(url, context, nextLoad) {
  if (process.env.RECORD_LOADS) appendFileSync(process.env.RECORD_LOADS, `${url}\n`);
  return nextLoad(url, context);
}
