// A skipped test says why: the notes the run prints when ripgrep or bubblewrap is missing.
import { describe, expect, it } from "vitest";
import { bubblewrapProbe, missingToolNotes, ripgrepProbe } from "../helpers/system-tools.js";

describe("notes on missing system tools", () => {
  it("name the missing tool and how to install it", () => {
    const rg = ripgrepProbe(undefined);
    const bwrap = bubblewrapProbe({ works: false, reason: "bwrap is not installed (Debian package: bubblewrap)" });
    expect(rg.available).toBe(false);
    const notes = missingToolNotes({ rg, bwrap }, 6);
    expect(notes[0]).toBe("6 skipped; missing system tools:");
    expect(notes[1]).toMatch(/ripgrep \(rg\) is not on PATH.*apt-get install ripgrep/);
    expect(notes[2]).toMatch(/bubblewrap \(bwrap\) cannot run here: bwrap is not installed/);
    if (process.platform === "linux") expect(notes[2]).toContain("apt-get install bubblewrap");
  });

  it("say nothing when every tool is there", () => {
    expect(missingToolNotes({ rg: ripgrepProbe("/usr/bin/rg"), bwrap: bubblewrapProbe({ works: true }) })).toEqual([]);
  });

  it("keep a namespace failure's reason, which installing would not fix", () => {
    const probe = bubblewrapProbe({ works: false, reason: "bwrap cannot create its namespaces here: Operation not permitted" });
    expect(missingToolNotes({ probe })[1]).toContain("Operation not permitted");
  });
});
