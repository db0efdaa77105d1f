import { OFFICE_TIME_ZONE, todayIn } from '@visa/shared/dates';

/** Whole days from the office's today to `date` (both calendar dates); negative once it has passed. */
export function daysFrom(date: string, today: string = todayIn(OFFICE_TIME_ZONE)): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}
