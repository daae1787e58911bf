// A y/N question at the terminal, for the subcommands that delete or install. node:readline
// loads on the first question, not with the commands' chunk, which the print path shares and
// never asks with (ADR 0027).

/** Asks on `output`, reads one line from stdin: true for "y" or "yes". */
export async function askYesNo(question: string, output: NodeJS.WritableStream): Promise<boolean> {
  const { createInterface } = await import("node:readline/promises");
  const rl = createInterface({ input: process.stdin, output });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}
