// Loads the shell parser while the first model request is in flight. Judging a run_command
// call needs mvdan-sh, whose load (compile and Go runtime start) costs ~80–200 ms; paid on the
// first call it adds to the round trip, paid while the model is thinking it costs nothing.
//
// The trigger is "request body sent": the request is on the wire, so the load cannot delay
// it. Our provider fetch (llm/node-fetch.ts) publishes that on a channel of its own; undici,
// which carries the request when a proxy is configured, publishes its own. A run that never
// makes an HTTP request (FAKE_LLM) never pays for the parser unless it judges.
import diagnostics from "node:diagnostics_channel";
import { REQUEST_BODY_SENT_CHANNEL } from "../llm/request-channel.js";
import { loadShellGrammar } from "./mvdan-sh.js";

const CHANNELS = [REQUEST_BODY_SENT_CHANNEL, "undici:request:bodySent"];
let armed = false;

export function warmShellParserWhileWaiting(): void {
  if (armed) return;
  armed = true;
  const onSent = () => {
    for (const name of CHANNELS) diagnostics.unsubscribe(name, onSent);
    setImmediate(() => {
      try {
        loadShellGrammar();
      } catch {
        // The first judgement loads it again and reports the failure where it matters.
      }
    });
  };
  for (const name of CHANNELS) diagnostics.subscribe(name, onSent);
}
