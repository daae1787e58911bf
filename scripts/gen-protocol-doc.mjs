// Writes docs/protocol.md from the built op schemas (run through `npm run docs:protocol`).
import { writeFileSync } from "node:fs";
import { renderProtocolDoc } from "../dist/engine/protocol/protocol-doc.js";

writeFileSync(new URL("../docs/protocol.md", import.meta.url), renderProtocolDoc());
console.log("wrote docs/protocol.md");
