/**
 * Where a year's dues stand: paid once it has a payment date; overdue once its due date has passed
 * unpaid; due until then. Dates are calendar dates `YYYY-MM-DD` in the site's time zone.
 */
export type DuesState = 'paid' | 'due' | 'overdue';

export function duesState(row: { dueOn: string | null; paidOn: string | null }, today: string): DuesState {
  if (row.paidOn) return 'paid';
  return row.dueOn !== null && row.dueOn < today ? 'overdue' : 'due';
}
