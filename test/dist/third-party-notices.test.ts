// THIRD_PARTY_NOTICES (scripts/third-party-notices.mjs): the built dist/ carries one naming
// every package the bundle holds, with its license text, and the Apache-2.0 packages' license
// in full; a package without license text it cannot supply stops the build, naming it.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bundledPackageDirs, noticesFor } from "../../scripts/third-party-notices.mjs";
import { DIST } from "../helpers/bundle-graph.js";

const root = path.join(DIST, "..");
const notices = () => readFileSync(path.join(DIST, "THIRD_PARTY_NOTICES"), "utf8");

/** Every package (name@version and license) whose files the built bundle holds. */
function bundledPackages(): { id: string; license: string }[] {
  const sources = JSON.parse(readFileSync(path.join(DIST, "bundle-sources.json"), "utf8")) as Record<string, string[]>;
  return bundledPackageDirs(Object.values(sources).flat(), root).map((dir) => {
    const pkg = JSON.parse(readFileSync(path.join(root, dir, "package.json"), "utf8")) as { name: string; version: string; license: string };
    return { id: `${pkg.name}@${pkg.version}`, license: pkg.license };
  });
}

let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

function fakePackage(name: string, pkg: Record<string, unknown>, files: Record<string, string> = {}): string {
  scratch ??= mkdtempSync(path.join(os.tmpdir(), "mini-agent-notices-"));
  const dir = path.join(scratch, "node_modules", name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, version: "1.0.0", ...pkg }));
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return `node_modules/${name}/index.js`;
}

describe("third-party notices", () => {
  it("dist/THIRD_PARTY_NOTICES lists every bundled package with its license text", () => {
    const text = notices();
    const packages = bundledPackages();
    expect(packages.length).toBeGreaterThan(20);
    for (const { id, license } of packages) {
      expect(text, id).toContain(`\n  ${id} (${license})\n`);
      // Its own section, with text under it.
      const section = text.split(`${id} (${license})\n${"=".repeat(78)}\n`)[1];
      expect(section?.trim().length, id).toBeGreaterThan(100);
    }
  });

  it("carries the Apache-2.0 license in full for the Apache-2.0 packages (the SDKs)", () => {
    const apache = bundledPackages().filter((pkg) => pkg.license === "Apache-2.0");
    expect(apache.map((pkg) => pkg.id.replace(/@[^@]+$/, ""))).toEqual(expect.arrayContaining(["openai", "@anthropic-ai/sdk"]));
    for (const { id } of apache) {
      const section = notices().split(`${id} (Apache-2.0)\n${"=".repeat(78)}\n`)[1]!.split(`\n${"=".repeat(78)}\n`)[0]!;
      expect(section, id).toContain("Apache License");
      expect(section, id).toContain("4. Redistribution.");
    }
  });

  it("keeps a package's NOTICE, supplies MIT's terms where a package ships none, and refuses any other license without text", () => {
    const inputs = [
      fakePackage("with-notice", { license: "Apache-2.0" }, { LICENSE: "Apache License text", NOTICE: "Copyright Example Corp." }),
      fakePackage("@scope/bare-mit", { license: "MIT", author: "Ada" }),
      fakePackage("with-notice", { license: "Apache-2.0" }).replace("index.js", "other.js"),
    ];
    const text = noticesFor(inputs, scratch!);
    expect(text).toContain("  @scope/bare-mit@1.0.0 (MIT)\n  with-notice@1.0.0 (Apache-2.0)\n");
    expect(text).toContain("NOTICE:\n\nCopyright Example Corp.");
    expect(text).toContain("(@scope/bare-mit ships no license file; its package.json declares MIT, author Ada.)");
    expect(text).toContain("Permission is hereby granted, free of charge");
    expect(text.match(/^with-notice@1\.0\.0 \(Apache-2\.0\)$/gm)).toHaveLength(1);
    const bare = fakePackage("bare-gpl", { license: "GPL-3.0" });
    expect(() => noticesFor([bare], scratch!)).toThrow(/bare-gpl@1\.0\.0 \(node_modules\/bare-gpl\) has no license file and declares GPL-3\.0/);
  });
});
