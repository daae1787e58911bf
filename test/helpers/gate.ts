// A command that holds until the test lets it go: a run stays "in the middle" for as long as
// the test needs, instead of for a fixed time that a loaded machine may overrun.
import { writeFileSync } from "node:fs";
import path from "node:path";

export interface Gate {
  /** A command (bash and cmd.exe alike) that waits until release() is called, or 60 s. */
  command: string;
  release(): void;
}

let gates = 0;

export function makeGate(dir: string): Gate {
  gates += 1;
  // Forward slashes: Windows accepts them, and no backslash needs escaping inside the JS string.
  const file = path.join(dir, `gate-${process.pid}-${gates}`).replace(/\\/g, "/");
  const script = `const fs=require('fs');const end=Date.now()+60000;const t=setInterval(()=>{if(fs.existsSync('${file}')||Date.now()>end)clearInterval(t)},25)`;
  return {
    command: `node -e "${script}"`,
    release: () => writeFileSync(file, ""),
  };
}
