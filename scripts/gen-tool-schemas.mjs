// Writes src/engine/tools/tool-schemas.generated.ts from the built tool input schemas (run
// through `npm run gen:tool-schemas`, which builds first; docs/adr/0023).
import { writeFileSync } from "node:fs";
import { renderToolSchemas } from "../dist/engine/tools/tool-schemas-gen.js";

writeFileSync(new URL("../src/engine/tools/tool-schemas.generated.ts", import.meta.url), renderToolSchemas());
console.log("wrote src/engine/tools/tool-schemas.generated.ts");
