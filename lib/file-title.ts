/**
 * A title as the first part of a file name, in characters every file system, mail client and
 * Content-Disposition header takes as they are: "Travel expense claim" is "Travel-expense-claim".
 */
export const fileTitle = (title: string, fallback: string): string =>
  title
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80) || fallback;
