import { AppError, problemResponse } from "@/lib/http/problem";
import { internal } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Any /api path no route serves: a problem+json 404, as every other API error, not Next's HTML page. */
const notFound = internal("the 404 of every path no route serves", async (req: Request) =>
  problemResponse(new AppError("resource.not_found", `No API endpoint at ${new URL(req.url).pathname.slice(0, 200)}`)),
);

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as OPTIONS };
