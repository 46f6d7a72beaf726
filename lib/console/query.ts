/** A page number from the query: plain decimal digits from 1 up (as the API's paging numbers), else 1. */
export function pageNumber(value: unknown, max = 100_000): number {
  if (typeof value !== "string" || !/^[0-9]{1,6}$/.test(value)) return 1;
  const n = Number(value);
  return n >= 1 && n <= max ? n : 1;
}
