// Loads the shell parser while the first model request is in flight. Judging a run_command
// call needs mvdan-sh, whose load (compile and Go runtime start) costs ~80–200 ms; paid on the
// first call it adds to the round trip, paid while the model is thinking it costs nothing.
//
// The trigger is undici's "request body sent" diagnostics channel (Node's fetch and the undici
// package both publish it): the request is on the wire, so the load cannot delay it. A run
// that never makes an HTTP request (FAKE_LLM) never pays for the parser unless it judges.
import diagnostics from "node:diagnostics_channel";
import { loadShellGrammar } from "./mvdan-sh.js";

const REQUEST_SENT = "undici:request:bodySent";
let armed = false;

export function warmShellParserWhileWaiting(): void {
  if (armed) return;
  armed = true;
  const onSent = () => {
    diagnostics.unsubscribe(REQUEST_SENT, onSent);
    setImmediate(() => {
      try {
        loadShellGrammar();
      } catch {
        // The first judgement loads it again and reports the failure where it matters.
      }
    });
  };
  diagnostics.subscribe(REQUEST_SENT, onSent);
}
