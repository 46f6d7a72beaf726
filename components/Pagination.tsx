import type { ReactNode } from "react";
import styles from "./Pagination.module.css";

/** Pagination's words: the edge links (their visually hidden part included) and each number's accessible name. */
export interface PaginationWords {
  previous: ReactNode;
  next: ReactNode;
  page: (page: number) => string;
  current: (page: number, pages: number) => string;
}

const ENGLISH: PaginationWords = {
  previous: (
    <>
      Previous<span className="visually-hidden"> page</span>
    </>
  ),
  next: (
    <>
      Next<span className="visually-hidden"> page</span>
    </>
  ),
  page: (p) => `Page ${p}`,
  current: (p, pages) => `Page ${p} of ${pages}`,
};

/**
 * GOV.UK pagination: previous and next links, and a few page numbers around the current one, each a
 * plain link (`href(page)`), so that paging works without script and every page has an address.
 * `words`: the page's own, English by default.
 */
export function Pagination({
  page,
  pages,
  href,
  label = "Pages",
  words = ENGLISH,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  label?: string;
  words?: PaginationWords;
}) {
  if (pages <= 1) return null;
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
  return (
    <nav className={styles.pagination} aria-label={label}>
      {page > 1 && (
        <a className={styles.edge} href={href(page - 1)} rel="prev">
          ‹ {words.previous}
        </a>
      )}
      <ul className={styles.list}>
        {shown.map((p, i) => (
          <li key={p} className={styles.item}>
            {i > 0 && shown[i - 1] !== p - 1 && (
              <span className={styles.gap} aria-hidden="true">
                …
              </span>
            )}
            {p === page ? (
              <a className={styles.current} href={href(p)} aria-current="page" aria-label={words.current(p, pages)}>
                {p}
              </a>
            ) : (
              <a href={href(p)} aria-label={words.page(p)}>
                {p}
              </a>
            )}
          </li>
        ))}
      </ul>
      {page < pages && (
        <a className={styles.edge} href={href(page + 1)} rel="next">
          {words.next} ›
        </a>
      )}
    </nav>
  );
}
