import { describe, expect, it } from "vitest";
import { dropDeniedFiles, unquote } from "../../src/engine/tools/git-diff-filter.js";
import { isDeniedName } from "../../src/engine/tools/jail/jail-denied.js";

const denied = (name: string) => isDeniedName(name.split("/").pop()!);

describe("dropDeniedFiles", () => {
  it("drops a section by any name its header gives: quoted, with spaces, binary, rename", () => {
    const diff = [
      "diff --git a/ok.txt b/ok.txt", "--- a/ok.txt", "+++ b/ok.txt", "@@ -1 +1 @@", "-a", "+b",
      'diff --git "a/dir/\\303\\251/.ENV" "b/dir/\\303\\251/.ENV"', "--- \"a/dir/\\303\\251/.ENV\"", "+++ \"b/dir/\\303\\251/.ENV\"", "@@ -1 +1 @@", "+no",
      "diff --git a/x b/.envrc", "similarity index 90%", "rename from x", "rename to .envrc", "@@ -1 +1 @@", "+leak",
      "diff --git a/k b/id_rsa", "new file mode 100644", "Binary files /dev/null and b/id_rsa differ",
      "diff --git a/my b/.env b/my b/.env", "--- a/my b/.env", "+++ b/my b/.env", "@@ -1 +1 @@", "+leak",
      "",
    ].join("\n");
    const { text, dropped } = dropDeniedFiles(diff, denied);
    expect(text).toBe("diff --git a/ok.txt b/ok.txt\n--- a/ok.txt\n+++ b/ok.txt\n@@ -1 +1 @@\n-a\n+b\n");
    expect(dropped).toEqual([".envrc", "dir/é/.ENV", "id_rsa", "my b/.env"]);
  });

  it("keeps content lines that merely look like headers", () => {
    const diff = "diff --git a/ok.txt b/ok.txt\n--- a/ok.txt\n+++ b/ok.txt\n@@ -1 +1 @@\n+rename to .env\n+--- a/.env\n";
    expect(dropDeniedFiles(diff, denied)).toEqual({ text: diff, dropped: [] });
  });

  it("unquotes git's C-style names", () => {
    expect(unquote('"a\\tb\\n\\"c\\\\\\303\\251"')).toBe('a\tb\n"c\\é');
    expect(unquote("plain")).toBe("plain");
  });
});
