import type { ReactNode } from "react";
import styles from "./PageShell.module.css";

/**
 * The frame of every portal and console page: skip link, header (banner), main, footer (contentinfo).
 * `nav` sits at the header's end (the console's navigation and sign-out); `wide` lets tables use the
 * page's full width instead of the reading measure.
 */
export function PageShell({
  service,
  organisation,
  children,
  footer,
  nav,
  wide,
  full,
  title,
  skipLink = "Skip to main content",
}: {
  service: string;
  organisation?: string | null;
  children: ReactNode;
  footer?: ReactNode;
  nav?: ReactNode;
  wide?: boolean;
  /**
   * The page spans the whole window instead of 60rem, and its content brings its own <main> (the API
   * reference, whose renderer lays out its sidebar and columns and marks its content as main): the
   * skip link's target is then a plain box, so that there is one main landmark, not one in another.
   */
  full?: boolean;
  /**
   * The document's title, for pages that name themselves from their own state (the portal): React
   * puts it in <head> and keeps it there, the only title of the page. Route metadata names the others.
   */
  title?: string;
  /** The skip link's words, in the page's language (English where the page is English only). */
  skipLink?: string;
}) {
  return (
    <div className={styles.page}>
      {title && <title>{title}</title>}
      <a className={styles.skip} href="#main-content">
        {skipLink}
      </a>
      <header className={styles.header}>
        <div className={full ? `${styles.headerInner} ${styles.full}` : styles.headerInner}>
          <span className={styles.service}>{service}</span>
          {organisation && <span className={styles.organisation}>{organisation}</span>}
          {nav}
        </div>
      </header>
      {full ? (
        <div className={`${styles.main} ${styles.full}`} id="main-content">
          {children}
        </div>
      ) : (
        <main className={styles.main} id="main-content">
          <div className={wide ? styles.wide : styles.content}>{children}</div>
        </main>
      )}
      <footer className={styles.footer}>
        <div className={full ? `${styles.footerInner} ${styles.full}` : styles.footerInner}>
          {footer ?? "Sealpost keeps your answers private to you and the organisation that invited you."}
        </div>
      </footer>
    </div>
  );
}

/** The small grey line above a page's h1 naming the form (GOV.UK caption). */
export const Caption = ({ children }: { children: ReactNode }) => <span className={styles.caption}>{children}</span>;
