// The diagnostics channels our provider fetch (node-fetch.ts) publishes on: once a request's
// body has been handed to the socket, and once its response has begun (status and headers
// read). Names of their own, so that a subscriber (the shell parser warm-up) need not load
// node:http to learn them. Message: { url: string }.
export const REQUEST_BODY_SENT_CHANNEL = "mini-agent:request:bodySent";
export const RESPONSE_STARTED_CHANNEL = "mini-agent:response:started";
