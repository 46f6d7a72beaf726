import type { PaginationWords } from "@/components/Pagination";
import type { ProgressFigures } from "@/components/ProgressBar";
import type { PageTranslator } from "./batches/batch-words";

const hidden = (chunks: React.ReactNode) => <span className="visually-hidden">{chunks}</span>;

/** The design system's server-rendered components' words in a console page's language (the client ones' are CatalogueWords'). */
export const paginationWords = (t: PageTranslator): PaginationWords => ({
  previous: t.rich("console.common.pagination.previous", { hidden }),
  next: t.rich("console.common.pagination.next", { hidden }),
  page: (page) => t("console.common.pagination.page", { page }),
  current: (page, pages) => t("console.common.pagination.current", { page, pages }),
});

/** "12 of 60 documents (20 %), 1 failed": a progress bar's figures. */
export const progressWords =
  (t: PageTranslator) =>
  ({ value, max, percent, failed }: ProgressFigures): string =>
    failed
      ? t("console.common.progressFailed", { value, max, share: percent / 100, failed })
      : t("console.common.progress", { value, max, share: percent / 100 });
