import 'server-only';
import { config } from '../../../config';
import { calendarFile } from '../../../mail/calendar';
import { enqueueMail } from '../../../mail/queue';
import { registrationMail, siteLink, type RegistrationMailKind } from '../../../mail/templates';
import type { WireLanguage } from '../../../i18n/languages';
import { registrationPath } from '../../../routing/personal';
import { sitePath } from '../../../routing/site';
import type { ActivitySignUp } from '../../model/registration';
import { readWebInfo } from '../../storage/settings';
import type { RegistrationRow } from '../../storage/registrations';

export type { RegistrationMailKind };

/** What the e-mails need of an activity. */
interface MailedActivity extends ActivitySignUp {
  id: number;
  title: string;
  endAt: Date | null;
  location: string | null;
}

/** An activity's public page, on the public origin. */
const activityPageUrl = (language: WireLanguage, id: number) => siteLink(sitePath(language, `/activities/${id}`));

/** A sign-up's own (manage) page, on the public origin, in the sign-up's language. */
export const signUpPageUrl = (language: WireLanguage, token: string) =>
  siteLink(sitePath(language, registrationPath(token)));

/** An activity's start and end as a reader of the language reads them, in the site's time zone. */
function activityWhen(language: WireLanguage, activity: { startAt: Date; endAt: Date | null }): string {
  const format = new Intl.DateTimeFormat(language === 'en' ? 'en' : 'zh-TW', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: config().siteTimeZone,
  });
  return activity.endAt ? format.formatRange(activity.startAt, activity.endAt) : format.format(activity.startAt);
}

/** The calendar entry of an activity; the same UID in every file, so a calendar updates one entry. */
export function activityCalendarEvent(language: WireLanguage, activity: MailedActivity, description?: string) {
  const host = new URL(config().siteUrl).host;
  return {
    uid: `activity-${activity.id}@${host}`,
    start: activity.startAt,
    end: activity.endAt,
    summary: activity.title,
    location: activity.location,
    description,
    url: activityPageUrl(language, activity.id),
  };
}

/**
 * Queues one sign-up e-mail to the person, in the language they signed up in. A confirmation (or a
 * promotion, which confirms) carries the activity as an `.ics` file. A reminder is queued once per
 * sign-up and number of days (`onceKey`), whichever server asks.
 */
export async function sendRegistrationMail(
  kind: RegistrationMailKind,
  row: RegistrationRow,
  activity: MailedActivity,
  options: { days?: number } = {},
): Promise<void> {
  if (!row.email || row.erasedAt) return;
  const language: WireLanguage = row.lang === 'en' ? 'en' : 'tw';
  const settings = await readWebInfo(language, { includePrivate: false });
  const manageUrl = signUpPageUrl(language, row.token);
  const body = registrationMail(language, settings.siteName, kind, {
    name: row.name ?? '',
    code: row.code,
    seats: row.seats,
    title: activity.title,
    when: activityWhen(language, activity),
    location: activity.location ?? '',
    pageUrl: activityPageUrl(language, activity.id),
    manageUrl,
    days: options.days,
  });
  const withCalendar = kind === 'confirmed' || kind === 'promoted';
  const attachments = withCalendar
    ? [
        {
          filename: 'activity.ics',
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: calendarFile([activityCalendarEvent(language, activity, manageUrl)], {
            name: activity.title,
            timeZone: config().siteTimeZone,
            prodId: settings.siteName,
            method: 'PUBLISH',
          }),
        },
      ]
    : undefined;
  await enqueueMail({
    kind: 'registration',
    to: [row.email],
    ...body,
    attachments,
    onceKey: kind === 'reminder' ? `reminder:${row.id}:${options.days ?? 0}` : undefined,
  });
}
