// Loads the shell parser and warms the command policy while the model is thinking. Judging
// a run_command call that is not plain (plain-command.ts) needs mvdan-sh, whose load (compile
// and Go runtime start) costs ~30–200 ms; paid on the first such call it adds to the round
// trip, paid while the model is thinking it costs nothing.
//
// The trigger is silence: a request is on the wire (its body sent, so the load cannot delay
// it) and no answer has begun WARM_UP_AFTER_MS later. A model that answers at once leaves no
// thinking time to use: warming then would only hold up its answer, and the parser loads
// when, and if, a command needs it (ADR 0025). Our provider fetch (llm/transport/node-fetch.ts)
// publishes both moments on channels of its own; undici, which carries the request when a
// proxy is configured, publishes its own. A run that never makes an HTTP request (FAKE_LLM)
// never pays for the parser unless it judges a command that needs it.
import diagnostics from "node:diagnostics_channel";
import { REQUEST_BODY_SENT_CHANNEL, RESPONSE_STARTED_CHANNEL } from "../../llm/transport/request-channel.js";

/**
 * Judged once while waiting: besides loading the parser, the first walk over its nodes builds
 * GopherJS's reflection data for each node type, and the first call of each rule compiles it
 * (~20 ms together) that the first real judgement would otherwise pay.
 */
export const WARM_UP_COMMAND = `cd src && FOO=1 ls -la "$HOME" | grep -n 'x' > out.txt 2>&1; for f in *; do echo "\${f}" $(date); done <<< hi`;

/** Models take hundreds of milliseconds to their first token; a local answer comes in a few. */
export const WARM_UP_AFTER_MS = 25;

const SENT = [REQUEST_BODY_SENT_CHANNEL, "undici:request:bodySent"];
const STARTED = [RESPONSE_STARTED_CHANNEL, "undici:request:headers"];

export interface WarmUp {
  /** Cheap work to start as soon as a request is on its way (e.g. probing the sandbox). */
  onRequestSent?: () => void;
  /** The session's command policy (it reads nothing but the parse and path lookups); it may load it first. */
  judge: (command: string) => unknown;
}

let armed = false;

export function warmShellParserWhileWaiting({ onRequestSent, judge }: WarmUp): void {
  if (armed) return;
  armed = true;
  let timer: NodeJS.Timeout | undefined;
  const warm = () => {
    timer = undefined;
    for (const name of SENT) diagnostics.unsubscribe(name, onSent);
    for (const name of STARTED) diagnostics.unsubscribe(name, onStarted);
    try {
      judge(WARM_UP_COMMAND);
    } catch {
      // The first judgement loads it again and reports the failure where it matters.
    }
  };
  const onSent = () => {
    onRequestSent?.();
    // Unref'd: waiting for an answer is the socket's business, not this timer's.
    timer ??= setTimeout(warm, WARM_UP_AFTER_MS).unref();
  };
  const onStarted = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  for (const name of SENT) diagnostics.subscribe(name, onSent);
  for (const name of STARTED) diagnostics.subscribe(name, onStarted);
}
