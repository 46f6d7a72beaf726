import type { z } from "zod";
import { AppError, type FieldError, type ProblemCode } from "./problem";

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join(".") || "(root)", message: i.message }));
}

export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  input: unknown,
  code: ProblemCode = "request.invalid",
  what = "request",
): z.infer<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const errors = fieldErrors(r.error);
  throw new AppError(code, `The ${what} is invalid: ${errors.map((e) => `${e.path}: ${e.message}`).join("; ")}`, { errors });
}
