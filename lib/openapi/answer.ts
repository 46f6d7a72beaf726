import type { z } from "zod";

/** Every key any member of a union has. */
type Keys<T> = T extends unknown ? keyof T : never;

/**
 * An answer's schema for the document, tied to the type the code answers with:
 * `answerOf<Health>()(schema)` fails to compile when a top-level field of the answer is missing
 * from the schema or the schema names one the answer does not have (a field renamed, added or
 * removed in the code). Value types are not compared here (a text column is a `string` to
 * TypeScript and an enum to the document); the integration test checks real answers against the
 * document instead.
 */
export function answerOf<T>() {
  return <S extends z.ZodType>(
    schema: S &
      ([Exclude<Keys<T>, Keys<z.output<S>>> | Exclude<Keys<z.output<S>>, Keys<T>>] extends [never]
        ? unknown
        : { fieldsDifferFromTheAnswer: Exclude<Keys<T>, Keys<z.output<S>>> | Exclude<Keys<z.output<S>>, Keys<T>> }),
  ): S => schema;
}
