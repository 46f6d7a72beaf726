import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from "react";
import styles from "./Button.module.css";

type Variant = "primary" | "secondary" | "warning" | "link";

/** A button: primary (the page's one main action), secondary, warning (an action that cannot be undone: GOV.UK's red button), or link-looking for minor actions. */
export function Button({
  variant = "primary",
  className,
  type = "button",
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={`${styles.button} ${styles[variant]} ${className ?? ""}`} {...rest} />;
}

/**
 * A link that looks like a button, for a page's main action that is a link (a download): it stays an
 * <a>, so it is announced and behaves as the link it is.
 */
export function ButtonLink({
  variant = "primary",
  className,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: Exclude<Variant, "link" | "warning"> }) {
  return <a className={`${styles.button} ${styles.anchor} ${styles[variant]} ${className ?? ""}`} {...rest} />;
}

/** Buttons and links side by side, wrapping on narrow screens. */
export const ButtonGroup = ({ children }: { children: ReactNode }) => <div className={styles.group}>{children}</div>;
