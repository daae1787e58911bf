// `npm run dev` runs the CLI from source through tsx: no build first, so a change to src/ is
// tried at once. The proof is on disk: dist/ is not rewritten by the run.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cliEnv } from "../helpers/run-cli.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function npmRunDev(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "dev", "--silent", "--", ...args], { cwd: ROOT, env: cliEnv(env) });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("npm run dev", () => {
  it("runs the CLI from source through tsx, without building dist/", { timeout: 90_000 }, async () => {
    const script = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts["dev"];
    expect(script).toBe("tsx src/cli/cli.ts");
    const bundle = path.join(ROOT, "dist", "cli.bundle.cjs");
    const before = statSync(bundle).mtimeMs;
    const home = mkdtempSync(path.join(os.tmpdir(), "mini-agent-dev-"));
    const fake = path.join(home, "script.json");
    writeFileSync(fake, JSON.stringify({ turns: [{ text: "answered from source" }] }));
    const run = await npmRunDev(["-p", "hello"], { FAKE_LLM: fake, MINI_AGENT_HOME: home });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("answered from source\n");
    expect(statSync(bundle).mtimeMs).toBe(before);
  });
});
