// Writes docs/events.md from the built event schemas (run through `npm run docs:events`).
import { writeFileSync } from "node:fs";
import { renderEventsDoc } from "../dist/engine/protocol/events-doc.js";

writeFileSync(new URL("../docs/events.md", import.meta.url), renderEventsDoc());
console.log("wrote docs/events.md");
