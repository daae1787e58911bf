// The command policy's globs. The policy is loaded on the first command call, as a whole
// (ADR 0027), and judges a command synchronously, credential globs (`cat .e*`) included; so
// it links picomatch statically and hands it to the glob matcher as it loads, instead of
// awaiting it at each of its entries (ADR 0028). Only the policy's modules import this one:
// an import from the start path would put picomatch back on it (test/cli/glob-matcher-loads).
import picomatch from "picomatch";
import { provideGlobMatcher } from "../glob-matcher.js";

provideGlobMatcher(picomatch);
