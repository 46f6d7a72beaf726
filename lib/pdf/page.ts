// react-pdf drops a `render` footer anchored with `bottom` (seen with 4.x); anchoring it from the top works.
const PAGE_HEIGHT = { A4: 841.89, LETTER: 792 } as const;

export const footerTop = (size: keyof typeof PAGE_HEIGHT): number => PAGE_HEIGHT[size] - 32;
