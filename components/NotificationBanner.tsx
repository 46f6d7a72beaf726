"use client";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useComponentWords } from "./ComponentWords";
import styles from "./NotificationBanner.module.css";

/**
 * GOV.UK notification banner: important news above the page's content. `info` and `warning` are a
 * labelled region; `success` reports the outcome of an action (role alert, focused on arrival).
 */
export function NotificationBanner({
  variant = "info",
  title,
  heading,
  children,
}: {
  variant?: "info" | "success" | "warning";
  title?: string;
  heading?: ReactNode;
  children?: ReactNode;
}) {
  const words = useComponentWords();
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (variant === "success") ref.current?.focus();
  }, [variant]);
  const label = title ?? words.banner[variant];
  return (
    <div
      ref={ref}
      className={`${styles.banner} ${variant !== "info" ? styles[variant] : ""}`}
      role={variant === "success" ? "alert" : "region"}
      aria-labelledby={`${id}-title`}
      tabIndex={variant === "success" ? -1 : undefined}
    >
      <h2 className={styles.header} id={`${id}-title`}>
        {label}
      </h2>
      <div className={styles.content}>
        {heading && <p className={styles.heading}>{heading}</p>}
        {children}
      </div>
    </div>
  );
}
