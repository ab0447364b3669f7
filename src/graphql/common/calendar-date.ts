import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * Why a string is not a calendar date YYYY-MM-DD, or null. Stricter than ISO 8601, which also allows "2024",
 * "2024-W01" or "2024-123": the stores compare dates as days, and a value they cannot compare must be refused
 * here, not fail inside a query.
 */
export function calendarDateProblem(s: unknown): string | null {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return 'must be a date written YYYY-MM-DD';
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s) ? null : 'is not a real date';
}

/** class-validator: the property is a real calendar date YYYY-MM-DD (see calendarDateProblem). */
export function IsCalendarDate(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({
    name: 'isCalendarDate',
    validator: {
      validate: (value) => calendarDateProblem(value) === null,
      defaultMessage: (args) => `${args?.property} ${calendarDateProblem(args?.value)} (got ${JSON.stringify(String(args?.value).slice(0, 40))})`,
    },
  }, options);
}
