import { notFound } from "next/navigation";
import { AppError, type ProblemCode } from "@/lib/http/problem";

/** The domain's refusal `code` (an unknown id, or another tenant's: the same answer) as the console's 404 page. */
export async function orNotFound<T>(read: Promise<T>, code: ProblemCode): Promise<T> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof AppError && err.code === code) notFound();
    throw err;
  }
}
