/**
 * The footer's grey: 7.0:1 on white. The footer is 7 pt, small text, so WCAG asks 4.5:1 for AA (the
 * #777777, at 4.47:1, would fail every document's explain scorecard) and 7:1 for AAA, met here.
 * A module of its own so that explain traces name the page numbers' colour without loading pdf-lib.
 */
export const FOOTER_GREY = "#595959";
