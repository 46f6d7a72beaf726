/**
 * The sealed PDF's file name: the title in safe characters. The one place it is made, so the API's
 * Content-Disposition, the console, delivery links and the portal's download (which gets it in the
 * bootstrap payload) name the same file the same way.
 */
export const sealedFileName = (wf: { title: string }) =>
  `${wf.title.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 80) || "workflow"}-sealed.pdf`;
