import { getTranslations } from "next-intl/server";
import type { ConsoleAccess } from "@/lib/console/session";
import { ConsoleShell } from "./ConsoleShell";

/** A signed-in person whose organisation is not registered, or not licensed for the part of the console asked for. */
export async function NoAccess({ access }: { access: Extract<ConsoleAccess, { ok: false }> }) {
  const t = await getTranslations();
  return (
    <ConsoleShell email={access.email} wide={false}>
      <h1>{t("console.common.noAccess.heading")}</h1>
      <p>
        {access.reason === "licence"
          ? t("console.common.noAccess.licence", { feature: access.feature })
          : t("console.common.noAccess.tenantUnknown")}
      </p>
      {/* The detail is the server's own, for the administrator: it names the claim or the tenant as configured. */}
      <p>{t("console.common.noAccess.ask", { detail: access.detail })}</p>
    </ConsoleShell>
  );
}
