import { config } from '../config';
import type { WireLanguage } from '../i18n/languages';
import { translate } from '../i18n/messages';
import { adminHome, adminPagePath, adminRowPath, adminSegments } from '../routing/back-office';
import { absoluteUrl } from '../routing/site';

/** The words of one e-mail in plain text and simple HTML; recipients are added by the caller. */
export interface MailBody {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Line breaks of plain text kept in HTML. */
const htmlLines = (value: string) => escapeHtml(value).replace(/\r?\n/g, '<br>');

function page(language: WireLanguage, site: string, inner: string): string {
  const lang = language === 'tw' ? 'zh-Hant-TW' : 'en';
  const footer = escapeHtml(translate(language, 'mail.footer', { site }));
  return `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.6">${inner}<hr><p style="color:#555;font-size:90%">${footer}</p></body></html>`;
}

/** Labelled values as the rows of an HTML table. */
const htmlRows = (fields: [string, string][]) =>
  fields
    .map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');

/** Links in e-mail are absolute, on the public origin (SITE_URL). */
export const siteLink = (path: string) => absoluteUrl(config().siteUrl, path);

interface ContactMessage {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
}

/** To the association's staff: a new contact message, in the message's language, with its back-office link. */
export function contactNotification(language: WireLanguage, site: string, message: ContactMessage): MailBody {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(language, `mail.contact.${key}`, values);
  const link = siteLink(adminRowPath(language, 'webcontact', message.id));
  const fields: [string, string][] = [
    [t('name'), message.name],
    [t('email'), message.email],
    [t('phone'), message.phone ?? ''],
    [t('subjectLabel'), message.subject],
  ];
  const text = [
    t('intro'),
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    `${t('message')}:`,
    message.message,
    '',
    t('link'),
    link,
    '',
    '-- ',
    translate(language, 'mail.footer', { site }),
  ].join('\n');
  const rows = htmlRows(fields);
  const html = page(
    language,
    site,
    `<p>${escapeHtml(t('intro'))}</p><table>${rows}</table><p><strong>${escapeHtml(t('message'))}</strong></p><p>${htmlLines(message.message)}</p>` +
      `<p>${escapeHtml(t('link'))}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  );
  return { subject: t('subject', { site, subject: message.subject.replace(/[\r\n]+/g, ' ') }), text, html };
}

/** A mail whose point is one link (a reset, an invitation): greeting, what it is for, the link, "ignore this if…". */
function singleLinkBody(
  language: WireLanguage,
  site: string,
  words: { greeting: string; body: string; link: string; button: string; ignore: string },
): { text: string; html: string } {
  const { greeting, body, link, button, ignore } = words;
  const text = [greeting, '', body, link, '', ignore, '', '-- ', translate(language, 'mail.footer', { site })].join(
    '\n',
  );
  const html = page(
    language,
    site,
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(button)}</a></p>` +
      `<p style="word-break:break-all">${escapeHtml(link)}</p><p>${escapeHtml(ignore)}</p>`,
  );
  return { text, html };
}

/** To an account's own address: the single-use link to `/{lang}-reset`. */
export function passwordResetMail(
  language: WireLanguage,
  site: string,
  account: { username: string; displayName: string },
  link: string,
  minutes: number,
): MailBody {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(language, `mail.reset.${key}`, values);
  const greeting = t('greeting', { name: account.displayName || account.username });
  const body = t('body', { username: account.username, minutes });
  const { text, html } = singleLinkBody(language, site, {
    greeting,
    body,
    link,
    button: t('button'),
    ignore: t('ignore'),
  });
  return { subject: t('subject', { site }), text, html };
}

/** What an approval e-mail tells of one submission. */
export interface SubmissionSummary {
  kind: 'new' | 'change' | 'delete';
  resourceLabel: string;
  title: string;
}

function summaryLines(language: WireLanguage, submission: SubmissionSummary): [string, string][] {
  const t = (key: string) => translate(language, `mail.approval.${key}`);
  return [
    [t('kind'), t(`kinds.${submission.kind}`)],
    [t('resource'), submission.resourceLabel],
    [t('title'), submission.title],
  ];
}

/** An approval e-mail: an introduction, the submission, an optional comment and a link. */
function approvalMail(
  language: WireLanguage,
  site: string,
  subject: string,
  intro: string,
  lines: [string, string][],
  linkLabel: string,
  link: string,
): MailBody {
  const text = [
    intro,
    '',
    ...lines.map(([label, value]) => `${label}: ${value}`),
    '',
    linkLabel,
    link,
    '',
    '-- ',
    translate(language, 'mail.footer', { site }),
  ].join('\n');
  const rows = lines
    .map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${htmlLines(value)}</td></tr>`)
    .join('');
  const html = page(
    language,
    site,
    `<p>${escapeHtml(intro)}</p><table>${rows}</table>` +
      `<p>${escapeHtml(linkLabel)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  );
  return { subject: subject.replace(/[\r\n]+/g, ' '), text, html };
}

/** To a member institution's contact: the invitation to the member area, with the link that sets their password. */
export function memberInvitationMail(
  language: WireLanguage,
  site: string,
  invited: { name: string; institution: string },
  link: string,
  days: number,
): MailBody {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(language, `mail.memberInvitation.${key}`, values);
  const greeting = t('greeting', { name: invited.name });
  const body = t('body', { site, institution: invited.institution, days });
  const { text, html } = singleLinkBody(language, site, {
    greeting,
    body,
    link,
    button: t('button'),
    ignore: t('ignore'),
  });
  return { subject: t('subject', { site, institution: invited.institution }), text, html };
}

/** To the approvers: a User's submission waits, with the link to the Awaiting approval screen. */
export function submissionMail(
  language: WireLanguage,
  site: string,
  author: string,
  submission: SubmissionSummary,
): MailBody {
  const t = (key: string, values: Record<string, string> = {}) => translate(language, `mail.approval.${key}`, values);
  return approvalMail(
    language,
    site,
    t('submittedSubject', { site, title: submission.title }),
    t('submittedIntro', { author }),
    summaryLines(language, submission),
    t('submittedLink'),
    siteLink(adminPagePath(language, adminSegments.review)),
  );
}

/** To the author: their submission was approved or rejected (with the reviewer's comment). */
export function decisionMail(
  language: WireLanguage,
  site: string,
  decision: { approved: boolean; reviewer: string; comment: string | null },
  submission: SubmissionSummary,
): MailBody {
  const t = (key: string, values: Record<string, string> = {}) => translate(language, `mail.approval.${key}`, values);
  const state = decision.approved ? 'approved' : 'rejected';
  const lines = summaryLines(language, submission);
  if (decision.comment) lines.push([t('comment'), decision.comment]);
  return approvalMail(
    language,
    site,
    t(`${state}Subject`, { site, title: submission.title }),
    t(`${state}Intro`, { reviewer: decision.reviewer }),
    lines,
    t('decidedLink'),
    siteLink(adminHome(language)),
  );
}

/** One row of a review digest: its content's name, title, due date and back-office form. */
export interface DueForReview {
  resourceLabel: string;
  /** Its back-office form below the site (`/tw-admin/webnews/12`). */
  path: string;
  title: string;
  /** YYYY-MM-DD */
  reviewAt: string;
}

/** To an author (or the Admins): the rows past their review date, each with the link to its form. */
export function reviewDigestMail(language: WireLanguage, site: string, rows: DueForReview[]): MailBody {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(language, `mail.review.${key}`, values);
  const items = rows.map((row) => ({
    line: t('item', { resource: row.resourceLabel, title: row.title, date: row.reviewAt }),
    link: siteLink(row.path),
  }));
  const text = [
    t('intro', { count: rows.length }),
    '',
    ...items.flatMap((item) => [item.line, item.link, '']),
    t('howTo'),
    '',
    '-- ',
    translate(language, 'mail.footer', { site }),
  ].join('\n');
  const list = items
    .map(
      (item) => `<li>${escapeHtml(item.line)}<br><a href="${escapeHtml(item.link)}">${escapeHtml(item.link)}</a></li>`,
    )
    .join('');
  const html = page(
    language,
    site,
    `<p>${escapeHtml(t('intro', { count: rows.length }))}</p><ul>${list}</ul><p>${escapeHtml(t('howTo'))}</p>`,
  );
  return { subject: t('subject', { site, count: rows.length }), text, html };
}

/** What the new-device e-mail tells of one sign-in. */
interface SignInNotice {
  name: string;
  /** The time, already worded in the mail's language and the site's time zone. */
  time: string;
  address: string;
  /** `Chrome (Windows)`, or '' when the browser said nothing known. */
  browser: string;
  /** The back office's security screen. */
  link: string;
}

/** To an account's own address: a sign-in from a browser and address not used within the last 90 days. */
export function newDeviceMail(language: WireLanguage, site: string, notice: SignInNotice): MailBody {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(language, `mail.signIn.${key}`, values);
  const lines: [string, string][] = [
    [t('time'), notice.time],
    [t('address'), notice.address],
    [t('browser'), notice.browser || t('unknownBrowser')],
  ];
  const text = [
    t('greeting', { name: notice.name }),
    '',
    t('intro', { site }),
    '',
    ...lines.map(([label, value]) => `${label}: ${value}`),
    '',
    t('ifNotYou'),
    notice.link,
    '',
    '-- ',
    translate(language, 'mail.footer', { site }),
  ].join('\n');
  const rows = lines
    .map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  const html = page(
    language,
    site,
    `<p>${escapeHtml(t('greeting', { name: notice.name }))}</p><p>${escapeHtml(t('intro', { site }))}</p><table>${rows}</table>` +
      `<p>${escapeHtml(t('ifNotYou'))}<br><a href="${escapeHtml(notice.link)}">${escapeHtml(notice.link)}</a></p>`,
  );
  return { subject: t('subject', { site }), text, html };
}

/** Which sign-up e-mail; `manageLink` is the link sent again to an address that signed up twice. */
export type RegistrationMailKind = 'confirmed' | 'waitlisted' | 'promoted' | 'cancelled' | 'reminder' | 'manageLink';

/** What a sign-up e-mail tells: the activity, the sign-up and its manage link. */
interface RegistrationMailData {
  name: string;
  code: string;
  seats: number;
  title: string;
  /** When and where, already worded in the reader's language and the site's time zone. */
  when: string;
  location: string;
  pageUrl: string;
  manageUrl: string;
  /** For reminders: days until the start. */
  days?: number;
}

/** To a person who signed up for an activity, in the language they signed up in. */
export function registrationMail(
  language: WireLanguage,
  site: string,
  kind: RegistrationMailKind,
  data: RegistrationMailData,
): MailBody {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(language, `mail.registration.${key}`, values);
  const greeting = t('greeting', { name: data.name });
  const intro = t(`${kind}Intro`, { title: data.title, days: data.days ?? 0, seats: data.seats });
  const fields: [string, string][] = [
    [t('activity'), data.title],
    [t('when'), data.when],
    [t('where'), data.location],
    [t('code'), data.code],
    [t('seats'), String(data.seats)],
  ];
  const manage = kind === 'cancelled' ? [] : [t('manage'), data.manageUrl, ''];
  const text = [
    greeting,
    '',
    intro,
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    `${t('page')}: ${data.pageUrl}`,
    '',
    ...manage,
    '-- ',
    translate(language, 'mail.footer', { site }),
  ].join('\n');
  const rows = htmlRows(fields);
  const html = page(
    language,
    site,
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><table>${rows}</table>` +
      `<p><a href="${escapeHtml(data.pageUrl)}">${escapeHtml(t('page'))}</a></p>` +
      (kind === 'cancelled'
        ? ''
        : `<p>${escapeHtml(t('manage'))}<br><a href="${escapeHtml(data.manageUrl)}">${escapeHtml(data.manageUrl)}</a></p>`),
  );
  const subject = t(`${kind}Subject`, { site, title: data.title.replace(/[\r\n]+/g, ' '), days: data.days ?? 0 });
  return { subject, text, html };
}
