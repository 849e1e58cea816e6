import { activityCalendarEvent } from '../content/operations/registration/mail';
import webactivity from '../content/resources/webactivity';
import { atOrAfter, readPublicList, readPublicRow } from '../content/storage/reads';
import { config } from '../config';
import { calendarFile } from '../mail/calendar';
import { type WireLanguage } from '../i18n/languages';
import { translate } from '../i18n/messages';
import { siteInfo } from './site';

/** How many upcoming activities the feed holds at most. */
const FEED_SIZE = 200;

const calendarAnswer = (text: string, fileName: string) =>
  new Response(text, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `inline; filename="${fileName}"`,
      // Calendar apps poll the feed; a content write purges the cache tier's copy (lib/public/cache-headers.ts).
      'cache-control': 'no-cache',
    },
  });

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/**
 * `/{lang}/activities/{id}/calendar.ics`: one public activity as a calendar file, with the same UID
 * as the sign-up e-mails' attachment, so adding both keeps one entry.
 */
export async function activityCalendarResponse(language: WireLanguage, idText: string): Promise<Response> {
  if (!/^\d{1,9}$/.test(idText)) return notFound();
  const row = await readPublicRow(webactivity, language, Number(idText));
  if (!row) return notFound();
  const site = await siteInfo(language);
  const event = activityCalendarEvent(language, {
    ...row,
    id: Number(row.id),
    title: row.title ?? '',
    startAt: row.startAt as Date,
    endAt: row.endAt ?? null,
    location: row.location ?? null,
    registrationEnabled: row.registrationEnabled === true,
    registrationOpensAt: row.registrationOpensAt ?? null,
    registrationClosesAt: row.registrationClosesAt ?? null,
    capacity: row.capacity ?? null,
    waitlistEnabled: row.waitlistEnabled === true,
  });
  const text = calendarFile([event], {
    name: event.summary,
    timeZone: config().siteTimeZone,
    prodId: site.siteName,
    method: 'PUBLISH',
  });
  return calendarAnswer(text, `activity-${row.id}.ics`);
}

/** `/{lang}/activities.ics`: the public activities not yet ended, for calendar apps to subscribe to. */
export async function activitiesFeedResponse(language: WireLanguage): Promise<Response> {
  const { rows } = await readPublicList(webactivity, language, {
    conditions: [atOrAfter(webactivity, ['endAt', 'startAt'], new Date())],
    cacheKey: 'calendar-feed',
    sort: [{ field: 'startAt', direction: 'asc' }],
    pageSize: FEED_SIZE,
  });
  const site = await siteInfo(language);
  const events = rows.map((row) =>
    activityCalendarEvent(language, {
      id: Number(row.id),
      title: row.title ?? '',
      startAt: row.startAt as Date,
      endAt: row.endAt ?? null,
      location: row.location ?? null,
      registrationEnabled: false,
      registrationOpensAt: null,
      registrationClosesAt: null,
      capacity: null,
      waitlistEnabled: false,
    }),
  );
  const text = calendarFile(events, {
    name: `${site.siteName} ${translate(language, 'site.routes.activities')}`,
    timeZone: config().siteTimeZone,
    prodId: site.siteName,
    method: 'PUBLISH',
  });
  return calendarAnswer(text, 'activities.ics');
}
