import type { ReactNode } from "react";
import styles from "./StatusTag.module.css";

export type TagColour = "blue" | "green" | "red" | "yellow" | "grey";

/** A short status word; colours are paired so the text keeps 7:1 contrast on its background. */
export const StatusTag = ({ colour = "blue", children }: { colour?: TagColour; children: ReactNode }) => (
  <strong className={`${styles.tag} ${styles[colour]}`}>{children}</strong>
);
