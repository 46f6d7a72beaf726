import { decimalInteger } from "@/lib/http/decimal-integer";
import { z } from "zod";
import { batchStates, decisions } from "./states";

export const batchIdParams = z.object({ batchId: z.string().uuid() });

export const listQuery = z.object({
  state: z.enum(batchStates).optional(),
  limit: decimalInteger({ min: 1, max: 200 }).default(50),
  offset: decimalInteger().default(0),
});

export const decideBody = z.object({
  decision: z.enum(decisions),
  comments: z.string().max(4000).optional(),
});
