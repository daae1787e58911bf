// Writes the generated schema files from the built zod sources (run through
// `npm run gen:schemas`, which compiles first; docs/adr/0023-schemas-at-build-time.md).
import { writeFileSync } from "node:fs";
import { renderEventChecks, renderEventSchemas, renderToolSchemas } from "../dist/engine/protocol/schema-gen.js";

for (const [file, text] of [
  ["src/engine/tools/tool-schemas.generated.ts", renderToolSchemas()],
  ["src/engine/protocol/event-schemas.generated.ts", renderEventSchemas()],
  ["src/engine/wire/event-checks.generated.ts", renderEventChecks()],
]) {
  writeFileSync(new URL(`../${file}`, import.meta.url), text);
  console.log(`wrote ${file}`);
}
