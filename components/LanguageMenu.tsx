import { LOCALES, type Locale } from "@/lib/i18n/locales";
import styles from "./LanguageMenu.module.css";

/**
 * The language menu of a page written in several languages: a labelled select and a button, a plain
 * form that works without JavaScript (`action` keeps the choice and shows the page again). Each
 * language is named in itself and marked as such (`lang`, `dir`), so a reader finds their own
 * whatever the page's language; the globe says what the menu is to one who cannot read the label.
 */
export function LanguageMenu({
  action,
  current,
  label,
  submit,
}: {
  action: (form: FormData) => Promise<void>;
  current: Locale;
  label: string;
  submit: string;
}) {
  return (
    <form action={action} className={styles.menu}>
      <label htmlFor="language-menu" className={styles.label}>
        <svg className={styles.globe} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M2 12h20M12 2c3 3.5 3 16.5 0 20M12 2c-3 3.5-3 16.5 0 20" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        {label}
      </label>
      <select id="language-menu" name="locale" defaultValue={current} className={styles.select}>
        {LOCALES.map((l) => (
          <option key={l.tag} value={l.tag} lang={l.tag} dir={l.dir}>
            {l.name}
          </option>
        ))}
      </select>
      <button type="submit" className={styles.button}>
        {submit}
      </button>
    </form>
  );
}
