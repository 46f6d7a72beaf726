/** A moment as the API answers it (ISO 8601 in UTC), or null where there is none. */
export const isoMoment = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
