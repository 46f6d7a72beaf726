/** The OpenAPI tag description of the service area: Health and the document. Decisions about one operation are in its route spec. */
import { md } from "../markdown";

export const serviceArea = md(
  "Health of the process, and this document.",
  "",
  "The document is generated from the routes (docs/api.md in the repository says how) and served at `GET /api/openapi.json`; the reference page at `/docs/api` renders it.",
);
