import { getTranslations } from "next-intl/server";
import { ConsoleShell } from "./ConsoleShell";

/** An unknown batch or workflow and another organisation's look the same: nothing says which it was. */
export default async function ConsoleNotFound() {
  const t = await getTranslations();
  return (
    <ConsoleShell wide={false}>
      <h1>{t("console.common.notFound.heading")}</h1>
      <p>{t("console.common.notFound.body")}</p>
      <ul>
        <li>
          <a href="/console/batches">{t("console.common.notFound.batches")}</a>
        </li>
        <li>
          <a href="/console/workflows">{t("console.common.notFound.workflows")}</a>
        </li>
      </ul>
    </ConsoleShell>
  );
}
