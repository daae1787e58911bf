// The forms a known secret value is redacted in. A command can print a value other than as
// it was read; the forms covered are those a value takes without anyone meaning to hide it:
//
// - as written, in any case (matched case-insensitively: `tr a-z A-Z`, `tr A-Z a-z`);
// - base64 and base64url, alone or inside a longer encoding (`Authorization: Basic`, docker's
//   "auth", `base64 ~/.netrc`): each of the three alignments of the value in the byte stream
//   gives a fixed run of characters, its "core", and the core is redacted;
// - percent-encoded (a password in a URL) as the common encoders leave it, JSON-escaped (`\/`
//   too, and `\u` escapes of `< > &` and non-ASCII as Go and Python write them), and hex (`xxd -p`).
//
// Not covered, on purpose: parts of a value (`cut -c1-8`, `head -c`), reversed or rotated
// text, or any other transformation. A shorter match would redact ordinary text; a value
// that is deliberately reshaped is out of reach of any redactor, which is why the file
// tools refuse the credential stores and the sandbox hides them in the first place.
import { MIN_SECRET_LENGTH } from "./env-secrets.js";

/** A core shorter than this could be ordinary text. */
const MIN_FORM_LENGTH = 8;

/** The characters that never depend on what surrounds `bytes` in a longer base64 stream, at each alignment. */
export function base64Cores(bytes: Buffer): string[] {
  const cores: string[] = [];
  for (const offset of [0, 1, 2]) {
    let text = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64").replace(/=+$/, "");
    // The first characters mix in the bytes before (none, 2, 3 chars), the last the bytes after.
    text = text.slice([0, 2, 3][offset]);
    if ((offset + bytes.length) % 3 !== 0) text = text.slice(0, -1);
    cores.push(text);
  }
  return cores;
}

/** Every form of `value` worth redacting, the value itself first. */
export function valueForms(value: string): string[] {
  const forms = new Set([value]);
  const bytes = Buffer.from(value, "utf8");
  for (const core of base64Cores(bytes)) {
    forms.add(core);
    forms.add(core.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  for (const encoded of percentForms(value)) forms.add(encoded);
  const json = JSON.stringify(value).slice(1, -1);
  // Go's encoding/json and Rails escape <, > and &, Python's json.dumps every non-ASCII
  // character: a model's tool arguments from such a server hold the value so.
  const unicode = json.replace(/[<>&\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
  for (const escaped of [json, unicode]) {
    forms.add(escaped);
    forms.add(escaped.replace(/\//g, "\\/")); // PHP's and others' JSON escape "/" too
  }
  forms.add(bytes.toString("hex"));
  return [...forms].filter((form) => form === value || form.length >= MIN_FORM_LENGTH);
}

/**
 * Percent-encoding as encoders differ on what they leave: encodeURIComponent, Python's
 * urllib.parse.quote (keeps `/`), encodeURI (keeps `/ + = & : ? #`), form encoding
 * (URLSearchParams: a space as `+`, `! ' ( ) ~` encoded). A lone surrogate encodes in none.
 */
function percentForms(value: string): string[] {
  try {
    const component = encodeURIComponent(value);
    return [component, component.replace(/%2F/g, "/"), encodeURI(value), new URLSearchParams({ v: value }).toString().slice(2)];
  } catch {
    return [];
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export interface ValueMatcher {
  /** One case-insensitive alternation of every form, longest first; undefined when there are none. */
  pattern: RegExp | undefined;
  /**
   * How much a stream must hold back so a value split across pieces is seen whole: the
   * longest form with whitespace in it. A form without whitespace lies inside one word, and
   * the stream holds the trailing word anyway (stream-redactor.ts).
   */
  holdBack: number;
  /** Every form, longest first (a paused stream asks whether its tail may begin one). */
  forms: string[];
}

export function valueMatcher(secrets: Iterable<string>): ValueMatcher {
  const values = new Set([...secrets].filter((secret) => secret.length >= MIN_SECRET_LENGTH));
  const forms = [...new Set([...values].flatMap(valueForms))].sort((a, b) => b.length - a.length);
  const pattern = forms.length > 0 ? new RegExp(forms.map(escapeRegExp).join("|"), "gi") : undefined;
  const spaced = forms.filter((form) => /\s/.test(form));
  return { pattern, holdBack: spaced[0]?.length ?? 0, forms };
}
