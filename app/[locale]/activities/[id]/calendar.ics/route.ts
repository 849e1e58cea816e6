import { activityCalendarResponse } from '@/lib/public/calendars';
import { languageOf } from '@/lib/i18n/params';

/** `/{lang}/activities/{id}/calendar.ics`: one public activity as a calendar file. */
export async function GET(_request: Request, { params }: RouteContext<'/[locale]/activities/[id]/calendar.ics'>) {
  return activityCalendarResponse(await languageOf(params), (await params).id);
}
