/**
 * Compile-time ties between two declarations of one shape, such as a parser's output and the type a
 * column stores it as: `type _Tied = Expect<SameType<z.infer<typeof schema>, Stored>>` stops
 * compiling when either changes alone. Types only, so that modules pages load may use it.
 */

/** true when A and B are one type, not merely assignable one to the other (an added optional field or a wider union makes it false). */
export type SameType<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only with `true`. */
export type Expect<T extends true> = T;
