// The diagnostics channel our provider fetch (node-fetch.ts) publishes on once a request's
// body has been handed to the socket. A name of its own, so that a subscriber (the shell
// parser warm-up) need not load node:http to learn it. Message: { url: string }.
export const REQUEST_BODY_SENT_CHANNEL = "mini-agent:request:bodySent";
