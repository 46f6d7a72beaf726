import type { Visitor } from "@/lib/delivery/open-session";

export function visitorFrom(headers: Headers): Visitor {
  const fwd = headers.get("x-forwarded-for");
  return { ip: fwd ? fwd.split(",")[0].trim() : headers.get("x-real-ip"), userAgent: headers.get("user-agent") };
}
