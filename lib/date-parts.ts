/**
 * A date asked as three boxes (GOV.UK date input: Day, Month, Year) and the one text value forms,
 * drafts and the API keep for it: "YYYY-MM-DD", or "" when nothing is typed. Pure, so the page's
 * control, the form schemas and the tests read a typed date alike.
 *
 * A date typed in part or wrongly still joins into one value, built so that `splitDate` gives the
 * boxes back (a restored draft shows what was typed) and no date check accepts it: "2027--10" (no
 * month), "27-03-10" (a two-digit year), "2027-02-31" (no such day).
 */
export type DatePart = "day" | "month" | "year";
export type DateParts = Record<DatePart, string>;

/** In the order the boxes show them (and the error summary goes to the first wrong one). */
export const DATE_PARTS: readonly DatePart[] = ["day", "month", "year"];

const EMPTY: DateParts = { day: "", month: "", year: "" };

// One digit gets its zero, so "10 3 2027" is "2027-03-10"; anything else stays as typed.
const pad = (s: string) => (/^\d$/.test(s) ? `0${s}` : s);

export function joinDate(p: DateParts): string {
  const day = p.day.trim();
  const month = p.month.trim();
  const year = p.year.trim();
  if (!day && !month && !year) return "";
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** What the boxes show for a value: "2027-03-10" as 10, 3, 2027 (the way people write it). */
export function splitDate(value: string): DateParts {
  if (!value) return EMPTY;
  const m = /^([^-]*)-([^-]*)-(.*)$/.exec(value);
  // Text that is no joined date (an old draft) is shown whole, where the check will name it.
  if (!m) return { ...EMPTY, year: value };
  const unpad = (s: string) => (/^0\d$/.test(s) ? s.slice(1) : s);
  return { year: m[1], month: unpad(m[2]), day: unpad(m[3]) };
}

/**
 * What is wrong with a joined date, and in which boxes: `missing` parts (nothing typed there), a
 * `year` without 4 numbers, or no `real` date (13 as a month, 31 February: when it is not clear
 * which box is wrong, all three are). Null for "" (whether an answer is needed is the form's rule)
 * and for a real date, exactly the values the API's date check (YYYY-MM-DD, a calendar day) accepts.
 */
export type DateProblem = { kind: "missing" | "year" | "real"; parts: DatePart[] };

export function dateProblem(value: string): DateProblem | null {
  if (value.trim() === "") return null;
  const p = splitDate(value.trim());
  const missing = DATE_PARTS.filter((k) => p[k].trim() === "");
  if (missing.length) return { kind: "missing", parts: missing };
  const inRange = (s: string, max: number) => /^\d{1,2}$/.test(s) && Number(s) >= 1 && Number(s) <= max;
  const wrong = DATE_PARTS.filter((k) => (k === "year" ? !/^\d{4}$/.test(p.year) : !inRange(p[k], k === "day" ? 31 : 12)));
  if (wrong.length === 1 && wrong[0] === "year") return { kind: "year", parts: ["year"] };
  if (wrong.length === 1) return { kind: "real", parts: wrong };
  if (wrong.length > 1) return { kind: "real", parts: [...DATE_PARTS] };
  const iso = joinDate(p);
  // A day that the month does not have (31 4, 29 2 2027): the date as a whole is wrong.
  const real = /^\d{4}-\d{2}-\d{2}$/.test(iso) && new Date(`${iso}T00:00:00Z`).toISOString().startsWith(iso);
  return real && iso === value.trim() ? null : { kind: "real", parts: [...DATE_PARTS] };
}

/** A calendar day ("2027-04-01") as the moment a message's `{due, date, day}` writes (its midnight UTC), or null when it is none. */
export function dayOf(iso: string | null | undefined): Date | null {
  if (!iso || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

const listed = (parts: DatePart[]) => (parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`);

/** The GOV.UK message for a problem, about `subject` ("Date you left must include a month"). */
export function dateProblemText(subject: string, problem: DateProblem): string {
  if (problem.kind === "missing") return `${subject} must include a ${listed(problem.parts)}`;
  if (problem.kind === "year") return `${subject} must include a year with 4 numbers`;
  return `${subject} must be a real date`;
}

/** The message for a typed date, or null when it is empty or a real date: the one place date words come from. */
export function dateError(subject: string, value: string): string | null {
  const problem = dateProblem(value);
  return problem ? dateProblemText(subject, problem) : null;
}

/**
 * The hint's example, as the boxes take it ("For example, 27 3 2027"): a date within the field's
 * limits (ISO days, as in the schema), so that the example is never an answer the form refuses.
 */
export function dateExample(min?: string, max?: string): string {
  const p = exampleDate(min, max);
  return `For example, ${p.day} ${p.month} ${p.year}`;
}

/** The example's day, month and year, for a page that words the hint in its own language. */
export function exampleDate(min?: string, max?: string): DateParts {
  let day = "2027-03-27";
  if (min && day < min) day = min;
  else if (max && day > max) day = max;
  return splitDate(day);
}
