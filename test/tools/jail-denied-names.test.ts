// File names the file tools refuse anywhere in the workspace, issue 21's included: direnv's
// `.envrc`, editor backups and swap files of secret files (`.env~`, `.env.bak`, `.env.swp`,
// `id_rsa.bak`), credential files that turn up in projects (pgpass, `.my.cnf`, authinfo) and
// Google's key files. Checked through the tools: read_file refuses, grep never shows their
// lines, list_files counts them as protected. Public keys and templates stay readable.
import { describe, expect, it } from "vitest";
import { createGrepTool } from "../../src/engine/tools/search/grep.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { createListFilesTool } from "../../src/engine/tools/search/list-files.js";
import { createReadFileTool } from "../../src/engine/tools/fs/read-file.js";
import { makeTree, run, runError, tempDir } from "./tree.js";

const DENIED = [
  // .env and its copies
  ".envrc", ".envrc.local", ".env~", ".env.bak", ".env.swp", "#.env#", ".envrc.orig", ".ENV.local~",
  // private keys' copies
  "id_rsa.bak", "id_rsa~", "id_ed25519.old", ".id_ecdsa.swp",
  // credential files
  ".pgpass", ".my.cnf", "_netrc", ".authinfo", ".authinfo.gpg", ".netrc.bak", ".git-credentials~",
  // Google key files
  "service-account.json", "serviceAccountKey.json", "my-service_account-key.json", "client_secret_1234.apps.googleusercontent.com.json",
  "application_default_credentials.json",
];
const ALLOWED = ["id_rsa.pub", "id_rsa.pub.bak", ".env.example", ".envrc.example", ".envrc.ts", "environment.ts", "account.json", "notes.bak", "client.json"];

function workspace() {
  const files = Object.fromEntries([...DENIED, ...ALLOWED].map((name) => [`conf/${name}`, `needle in ${name}\n`]));
  const root = makeTree(files);
  const jail = createJail(root, { home: tempDir() });
  return { read: createReadFileTool({ jail }), grep: createGrepTool({ jail, ripgrep: null }), list: createListFilesTool({ jail }) };
}

describe("secret file names, wherever they are", () => {
  it("read_file refuses each denied name and reads each allowed sibling", async () => {
    const { read } = workspace();
    for (const name of DENIED) expect(await runError(read, { path: `conf/${name}` }), name).toContain("hold secrets and are never accessible to tools");
    for (const name of ALLOWED) expect((await run(read, { path: `conf/${name}` })).content, name).toBe(`1\tneedle in ${name}`);
  });

  it("grep shows no line of a denied file, and list_files counts them as protected", async () => {
    const { grep, list } = workspace();
    const hits = (await run(grep, { pattern: "needle", include_ignored: true })).content.split("\n");
    expect(hits.map((line) => line.slice("conf/".length, line.indexOf(":"))).sort()).toEqual([...ALLOWED].sort());
    const listing = (await run(list, { path: "conf" })).content;
    expect(listing).toContain(`[${DENIED.length} ignored or protected entries not shown`);
    for (const name of ALLOWED) expect(listing).toContain(`\n${name}`);
  });
});
