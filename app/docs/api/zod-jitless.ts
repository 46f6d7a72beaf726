import { config } from "zod";

/*
 * Scalar validates its configuration with zod, which first probes whether it may compile code
 * (`new Function("")`) and, when it may, compiles its object parsers. The pages' CSP has no
 * 'unsafe-eval', so the probe fails (harmlessly) but the browser reports a CSP violation on every
 * visit. jitless tells zod not to probe: the same answers, interpreted. This module is the first
 * import of ApiReference.tsx, so that it runs before any of Scalar's modules parse anything.
 */
config({ jitless: true });
