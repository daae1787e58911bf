// Values as they may appear in the start-up report: keys shortened to sk-…abcd, passwords
// in proxy URLs hidden.
export { redactKey, redactUrl } from "../engine/llm/failures/scrub.js";
