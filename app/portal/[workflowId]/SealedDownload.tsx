"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button, ButtonGroup } from "@/components/Button";
import type { Bootstrap } from "./bootstrap";
import type { PortalApi } from "./portal-api";
import styles from "./portal.module.css";

/**
 * The sealed record's download, for the participant and the reviewer alike. The file is fetched with
 * the token in a header (see PortalApi.file), so the browser cannot take the name from the answer's
 * Content-Disposition: the page names it with the name the server gives (bootstrap sealedFileName).
 */
export function SealedDownload({ api, boot }: { api: PortalApi; boot: Bootstrap }) {
  const t = useTranslations();
  const [problem, setProblem] = useState<string | null>(null);
  const download = async () => {
    setProblem(null);
    const blob = await api.file("/sealed");
    if (!blob) return setProblem(t("portal.done.downloadFailed"));
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = boot.workflow.sealedFileName ?? "sealed.pdf";
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  return (
    <>
      <ButtonGroup>
        <Button variant="secondary" onClick={download}>
          {t("portal.done.download")}
        </Button>
      </ButtonGroup>
      <div role="status">{problem && <p className={`${styles.message} ${styles.messageError}`}>{problem}</p>}</div>
    </>
  );
}
