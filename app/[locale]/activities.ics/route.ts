import { localeOf } from '@/lib/i18n/params';
import { activitiesFeedResponse } from '@/lib/public/calendars';

/** `/{lang}/activities.ics`: the upcoming public activities as a calendar feed. */
export async function GET(_request: Request, { params }: RouteContext<'/[locale]/activities.ics'>) {
  return activitiesFeedResponse(await localeOf(params));
}
