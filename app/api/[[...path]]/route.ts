import { AppError, problemResponse } from "@/lib/http/problem";

export const dynamic = "force-dynamic";

/** Any /api path no route serves: a problem+json 404, as every other API error, not Next's HTML page. */
const notFound = async (req: Request) =>
  problemResponse(new AppError("resource.not_found", `No API endpoint at ${new URL(req.url).pathname.slice(0, 200)}`));

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as OPTIONS };
