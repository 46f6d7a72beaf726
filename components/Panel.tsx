import type { ReactNode, Ref } from "react";
import styles from "./Panel.module.css";

/** GOV.UK confirmation panel: the page's h1 (focusable, so navigation can move focus to it) and the reference. */
export const Panel = ({
  title,
  children,
  headingRef,
}: {
  title: ReactNode;
  children?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}) => (
  <div className={styles.panel}>
    <h1 className={styles.title} tabIndex={-1} ref={headingRef}>
      {title}
    </h1>
    {children && <div className={styles.body}>{children}</div>}
  </div>
);
