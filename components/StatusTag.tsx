import type { ReactNode } from "react";
import type { TagColour } from "@/lib/format/state-words";
import styles from "./StatusTag.module.css";

export type { TagColour };

/** A short status word; colours are paired so the text keeps 7:1 contrast on its background. */
export const StatusTag = ({ colour = "blue", children }: { colour?: TagColour; children: ReactNode }) => (
  <strong className={`${styles.tag} ${styles[colour]}`}>{children}</strong>
);
