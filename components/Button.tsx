import type { ButtonHTMLAttributes, ReactNode } from "react";
import styles from "./Button.module.css";

type Variant = "primary" | "secondary" | "link";

/** A button: primary (the page's one main action), secondary, or link-looking for minor actions. */
export function Button({ variant = "primary", className, type = "button", ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={`${styles.button} ${styles[variant]} ${className ?? ""}`} {...rest} />;
}

/** Buttons and links side by side, wrapping on narrow screens. */
export const ButtonGroup = ({ children }: { children: ReactNode }) => <div className={styles.group}>{children}</div>;
