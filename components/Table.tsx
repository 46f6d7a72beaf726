import type { ReactNode } from "react";
import styles from "./Table.module.css";

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Right-aligned figures. */
  numeric?: boolean;
  /** The cell's name on narrow screens, where each row becomes a block of labelled lines. */
  label?: string;
}

/**
 * A data table (GOV.UK table) with a caption. Below 40rem each row is shown as a stacked block whose
 * cells are labelled by their column, so that nothing scrolls sideways at 360 px. Each cell's content
 * sits in one wrapper, so that it stays one grid item beside its label however many elements it has.
 */
export function Table<T>({
  caption,
  columns,
  rows,
  rowKey,
  captionHidden,
}: {
  caption: ReactNode;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  captionHidden?: boolean;
}) {
  return (
    <table className={styles.table}>
      <caption className={captionHidden ? "visually-hidden" : styles.caption}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.key} scope="col" className={c.numeric ? styles.numeric : undefined}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c) => (
              <td
                key={c.key}
                className={c.numeric ? styles.numeric : undefined}
                data-label={c.label ?? (typeof c.header === "string" ? c.header : "")}
              >
                <div className={styles.cell}>{c.cell(row)}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
