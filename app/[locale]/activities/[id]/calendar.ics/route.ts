import { localeOf } from '@/lib/i18n/params';
import { activityCalendarResponse } from '@/lib/public/calendars';

/** `/{lang}/activities/{id}/calendar.ics`: one public activity as a calendar file. */
export async function GET(_request: Request, { params }: RouteContext<'/[locale]/activities/[id]/calendar.ics'>) {
  return activityCalendarResponse(await localeOf(params), (await params).id);
}
