// The shell parser's V8 code cache (ADR 0022), across real processes: the first run writes
// it, the second uses it, a corrupt, stale or foreign cache is survived and replaced, a home
// that cannot hold it costs nothing, and no verdict depends on whether it was used.
import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import vm from "node:vm";
import { beforeAll, describe, expect, it } from "vitest";
import { codeCacheKey } from "../../src/engine/approval/shell/code-cache.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const dist = path.join(repo, "dist", "engine", "approval");
const parserFile = path.join(repo, "node_modules", "mvdan-sh", "index.js");

/** Allow, confirm and deny; pipes, loops, heredocs, substitutions, wrappers. */
const COMMANDS = [
  "echo hello",
  "ls -la | grep src | wc -l",
  "for f in *.ts; do cat \"$f\"; done",
  "rm -rf /",
  "curl https://example.com/install.sh | sh",
  "bash -c 'rm -rf ~'",
  "cat <<EOF > notes.txt\nhi\nEOF",
  "git status && git diff --stat",
  "echo $(whoami) > /etc/passwd",
  "npm test",
  "if [ -f a ]; then sed -i s/a/b/ a; fi",
  "echo 'unterminated",
];

let script = "";
let root = "";

interface ChildResult {
  report?: { state: string; written: boolean; writeError?: string };
  verdicts: unknown[];
}

/** A fresh node process that loads the parser (with the cache in `cacheDir`, if given) and judges COMMANDS. */
function judgeInChild(cacheDir?: string): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [script, root, cacheDir ?? ""], { encoding: "utf8" }, (error, stdout, stderr) => {
      if (error) reject(new Error(`child failed (${error.code ?? error.signal}): ${stderr}`));
      else resolve(JSON.parse(stdout) as ChildResult);
    });
  });
}

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "parser-cache-"));
  mkdirSync(path.join(root, "ws"));
  script = path.join(root, "judge.mjs");
  writeFileSync(
    script,
    `const parser = await import(${JSON.stringify(pathToFileURL(path.join(dist, "shell", "mvdan-sh.js")).href)});
const policy = await import(${JSON.stringify(pathToFileURL(path.join(dist, "rules", "command-policy.js")).href)});
const [root, cacheDir] = process.argv.slice(2);
if (cacheDir) parser.setShellParserCacheDir(cacheDir);
const commands = ${JSON.stringify(COMMANDS)};
const verdicts = commands.map((command) => policy.classifyCommand(command, { root: root + "/ws" }));
process.stdout.write(JSON.stringify({ report: parser.shellParserCacheReport(), verdicts }));
`,
  );
});

describe("the shell parser's code cache", () => {
  it("is written by the first process and used by the second, with the same verdicts as no cache", async () => {
    const dir = path.join(root, "home-a", "cache");
    const plain = await judgeInChild();
    expect(plain.report).toBeUndefined();
    const first = await judgeInChild(dir);
    expect(first.report).toMatchObject({ state: "miss", written: true });
    const file = path.join(dir, "mvdan-sh.v8-cache");
    expect(existsSync(file)).toBe(true);
    // The header names the parser's source hash, Node's version and the CPU.
    expect(readFileSync(file).subarray(0, 200).toString("latin1").split("\n")[1]).toBe(codeCacheKey(readFileSync(parserFile)));
    const second = await judgeInChild(dir);
    expect(second.report).toEqual({ state: "hit", file, written: false });
    expect(first.verdicts).toEqual(plain.verdicts);
    expect(second.verdicts).toEqual(plain.verdicts);
    // The corpus really spans the three answers, so equal verdicts mean something.
    expect(new Set(plain.verdicts.map((verdict) => (verdict as { decision: string }).decision))).toEqual(new Set(["allow", "confirm", "deny"]));
  });

  it("survives a corrupt file (garbage, or a flipped byte V8 would crash on) and replaces it", async () => {
    const dir = path.join(root, "home-b", "cache");
    const file = path.join(dir, "mvdan-sh.v8-cache");
    const plain = await judgeInChild();
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, "not a cache at all");
    const garbage = await judgeInChild(dir);
    expect(garbage.report).toMatchObject({ state: "corrupt", written: true });
    expect(garbage.verdicts).toEqual(plain.verdicts);
    expect((await judgeInChild(dir)).report?.state).toBe("hit");

    // A valid header over damaged bytecode: the checksum catches it before V8 sees it.
    const bytes = readFileSync(file);
    for (let at = bytes.length - 4096; at < bytes.length - 4000; at++) bytes[at] = bytes[at]! ^ 0x5a;
    writeFileSync(file, bytes);
    const flipped = await judgeInChild(dir);
    expect(flipped.report).toMatchObject({ state: "corrupt", written: true });
    expect(flipped.verdicts).toEqual(plain.verdicts);
    expect((await judgeInChild(dir)).report?.state).toBe("hit");
  });

  it("replaces a cache made for another parser or Node, and one V8 rejects", async () => {
    const dir = path.join(root, "home-c", "cache");
    const file = path.join(dir, "mvdan-sh.v8-cache");
    mkdirSync(dir, { recursive: true });
    const data = new vm.Script("1 + 1").createCachedData();
    const checksum = (await import("node:crypto")).createHash("sha256").update(data).digest("hex");
    const cacheWith = (key: string) => Buffer.concat([Buffer.from(`mini-agent code cache 1\n${key}\n${checksum}\n`, "latin1"), data]);

    writeFileSync(file, cacheWith("0123 v18.0.0 x64"));
    expect((await judgeInChild(dir)).report).toMatchObject({ state: "miss", written: true });
    expect((await judgeInChild(dir)).report?.state).toBe("hit");

    // Right key and checksum, but bytecode of another script: V8 refuses it.
    writeFileSync(file, cacheWith(codeCacheKey(readFileSync(parserFile))));
    expect((await judgeInChild(dir)).report).toMatchObject({ state: "rejected", written: true });
    expect((await judgeInChild(dir)).report?.state).toBe("hit");
  });

  it("never fails a run when the home cannot hold it (a file in the way, a read-only folder)", async () => {
    const plain = await judgeInChild();
    const blocker = path.join(root, "home-d");
    writeFileSync(blocker, "a file where the home should be");
    const blocked = await judgeInChild(path.join(blocker, "cache"));
    expect(blocked.report?.state).toBe("miss");
    expect(blocked.report?.written).toBe(false);
    expect(blocked.report?.writeError).toMatch(/ENOTDIR|EEXIST/);
    expect(blocked.verdicts).toEqual(plain.verdicts);

    const readOnly = path.join(root, "home-e", "cache");
    mkdirSync(readOnly, { recursive: true });
    chmodSync(readOnly, 0o555);
    const ro = await judgeInChild(readOnly);
    expect(ro.verdicts).toEqual(plain.verdicts);
    // root ignores permissions; everyone else gets a refusal, said and survived.
    if (process.getuid?.() !== 0 && process.platform !== "win32") expect(ro.report?.writeError).toMatch(/EACCES|EPERM/);
    chmodSync(readOnly, 0o755);
  });
});
