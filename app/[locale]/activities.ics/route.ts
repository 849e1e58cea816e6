import { activitiesFeedResponse } from '@/lib/public/calendars';
import { languageOf } from '@/lib/i18n/params';

/** `/{lang}/activities.ics`: the upcoming public activities as a calendar feed. */
export async function GET(_request: Request, { params }: RouteContext<'/[locale]/activities.ics'>) {
  return activitiesFeedResponse(await languageOf(params));
}
