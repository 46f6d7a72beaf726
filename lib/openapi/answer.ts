import type { z } from "zod";

/**
 * An answer's schema for the document, tied to the type the code answers with: `answerOf<Health>()(schema)`
 * fails to compile when the code answers something the schema does not allow (a field renamed,
 * removed or of another type), so the document cannot drift from the code silently.
 */
export function answerOf<T>() {
  return <S extends z.ZodType>(schema: S & ([T] extends [z.output<S>] ? unknown : { __answerDoesNotMatchSchema: T })): S => schema;
}
