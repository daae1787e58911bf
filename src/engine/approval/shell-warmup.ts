// Loads the shell parser and warms the command policy while the first model request is in
// flight. Judging a run_command call needs mvdan-sh, whose load (compile and Go runtime start)
// costs ~30–200 ms; paid on the first call it adds to the round trip, paid while the model is
// thinking it costs nothing.
//
// The trigger is "request body sent": the request is on the wire, so the load cannot delay
// it. Our provider fetch (llm/node-fetch.ts) publishes that on a channel of its own; undici,
// which carries the request when a proxy is configured, publishes its own. A run that never
// makes an HTTP request (FAKE_LLM) never pays for the parser unless it judges.
import diagnostics from "node:diagnostics_channel";
import { REQUEST_BODY_SENT_CHANNEL } from "../llm/request-channel.js";
import { parseCommandLine } from "./shell-parse.js";

/**
 * Judged once while waiting: besides loading the parser, the first walk over its nodes builds
 * GopherJS's reflection data for each node type, and the first call of each rule compiles it
 * (~20 ms together) that the first real judgement would otherwise pay.
 */
export const WARM_UP_COMMAND = `cd src && FOO=1 ls -la "$HOME" | grep -n 'x' > out.txt 2>&1; for f in *; do echo "\${f}" $(date); done <<< hi`;

const CHANNELS = [REQUEST_BODY_SENT_CHANNEL, "undici:request:bodySent"];
let armed = false;

/** `judge` is the session's command policy (it reads nothing but the parse and path lookups). */
export function warmShellParserWhileWaiting(judge: (command: string) => unknown = parseCommandLine): void {
  if (armed) return;
  armed = true;
  const onSent = () => {
    for (const name of CHANNELS) diagnostics.unsubscribe(name, onSent);
    setImmediate(() => {
      try {
        judge(WARM_UP_COMMAND);
      } catch {
        // The first judgement loads it again and reports the failure where it matters.
      }
    });
  };
  for (const name of CHANNELS) diagnostics.subscribe(name, onSent);
}
