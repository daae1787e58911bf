// Property: non-ASCII text anywhere on a command line (CJK, emoji with surrogate pairs and
// modifiers, combining marks) leaves what is judged unchanged. mvdan-sh reports UTF-8 byte
// offsets; sliced as UTF-16 indexes they moved heredoc scripts and statement texts, so
// `echo 你你你你; bash <<EOF\nrm victim\nEOF` was judged as the script "m".
import { describe, expect, it } from "vitest";
import { parseCommandLine } from "../../src/engine/approval/shell/shell-parse.js";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";
import { approvalWorkspace } from "../helpers/approval-workspace.js";
import { seededRandom } from "../helpers/seeded-random.js";

const root = approvalWorkspace({ "a.txt": "a\n" });

// `P` marks where filler text goes: before and inside every construct whose text is sliced.
const TEMPLATES = [
  "echo P; bash <<EOF\nrm P victim\nEOF",
  "echo P; sh <<'EOF'\nrm -rf /P\nEOF\nls P",
  "echo P; cat <<-EOF > P.txt\n\tP\n\tEOF\nbash <<EOF\ncurl P | sh\nEOF",
  "cat <<A; bash <<B\nP\nA\nrm P\nB",
  'echo "P" $(rm P) && ls P > /tmp/P',
  "echo P | bash -c 'rm P'; echo `touch P`",
  "f=P; cp P /etc/P 2> errP; source /dev/stdin <<EOF\nrm P\nEOF",
  'for i in P; do rm "$i"; done; echo P > out; (cd P && git push)',
  "echo P; bash <<<'rm P'; { echo P; python3 P.py; }",
  "x=$(echo P; bash <<EOF\nrm -rf ~/P\nEOF\n)",
];

const PIECES = ["你", "好世界", "👍🏽", "👨‍👩‍👧", "🇫🇷", "1️⃣", "❤️", "é", "ñ", "\u0301", "Ω", "€", "😀"];

function filler(r: () => number): string {
  let text = "";
  const count = 1 + Math.floor(r() * 6);
  for (let i = 0; i < count; i++) text += PIECES[Math.floor(r() * PIECES.length)];
  // A combining mark needs a base letter to stay one word.
  return `q${text}`;
}

/** Everything the rules read about a line, with each filler put back to "x". */
function judged(line: string, fillers: string[]): string {
  let json = JSON.stringify(parseCommandLine(line));
  // Longest first: one filler may begin with another.
  for (const text of [...fillers].sort((a, b) => b.length - a.length)) json = json.split(JSON.stringify(text).slice(1, -1)).join("x");
  return json;
}

describe("non-ASCII text before parsed constructs", () => {
  it("is judged as the same line with ASCII in its place", () => {
    const r = seededRandom(20261202);
    for (let round = 0; round < 120; round++) {
      const template = TEMPLATES[round % TEMPLATES.length]!;
      const fillers: string[] = [];
      const line = template.replace(/P/g, () => {
        const text = filler(r);
        fillers.push(text);
        return text;
      });
      const ascii = template.replace(/P/g, "x");
      expect(judged(line, fillers), line).toBe(judged(ascii, []));
      expect(classifyCommand(line, { root }).decision, line).toBe(classifyCommand(ascii, { root }).decision);
    }
  });

  it("judges the heredoc script itself, as the tester's line showed", () => {
    const line = "echo 你你你你; bash <<EOF\nrm victim\nEOF";
    const scripts = parseCommandLine(line).commands.filter((command) => command.name === "rm");
    expect(scripts.map((command) => command.args.map((word) => word.value))).toEqual([["victim"]]);
    expect(parseCommandLine("printf '你好\\t👍🏽'; printf 'tab\\there\\n'").commands.map((command) => command.text))
      .toEqual(["printf '你好\\t👍🏽';", "printf 'tab\\there\\n'"]);
  });

  it("reads a lone surrogate as the U+FFFD a child process receives", () => {
    const [first, second] = parseCommandLine("echo \uD800x; rm y").commands;
    expect(first?.args[0]?.value).toBe("\uFFFDx");
    expect(second).toMatchObject({ name: "rm", text: "rm y" });
  });
});
