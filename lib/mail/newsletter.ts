import { config } from '../config';
import type { WireLanguage } from '../i18n/languages';
import { translate } from '../i18n/messages';
import { newsletterPaths, newsletterTokenPath, oneClickUnsubscribePath } from '../routing/personal';
import { sitePath } from '../routing/site';
import { escapeHtml, siteLink, type MailBody } from './templates';

/**
 * The newsletter's e-mails: the confirmation of a sign-up and the mailings (written by staff or a
 * digest), each in plain text and HTML of the same words, with the headers mailbox providers ask of
 * bulk mail: `List-Id`, and on mailings one-click unsubscribe (RFC 8058).
 */

const t = (language: WireLanguage, key: string, values: Record<string, string | number> = {}) =>
  translate(language, `mail.newsletter.${key}`, values);

/** The list's identity (RFC 2919): the site's host under `newsletter.`, named by the site. */
export function listId(site: string): string {
  const host = new URL(config().siteUrl).hostname;
  const name = site.replace(/[<>"\r\n]/g, '').trim();
  // Only the name may be encoded (RFC 2047): left to nodemailer, the whole value would be, and the id lost.
  const phrase = /^[\x20-\x7e]*$/.test(name) ? name : `=?UTF-8?B?${Buffer.from(name).toString('base64')}?=`;
  return `${phrase} <newsletter.${host}>`;
}

function page(language: WireLanguage, inner: string, footer: string): string {
  const lang = language === 'tw' ? 'zh-Hant-TW' : 'en';
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"></head>` +
    `<body style="font-family:sans-serif;line-height:1.6;max-width:40em">${inner}<hr>` +
    `<p style="color:#555;font-size:90%">${footer}</p></body></html>`
  );
}

/** The double opt-in mail: one link that confirms the sign-up; nothing happens without it. */
export function confirmationMail(language: WireLanguage, site: string, token: string, days: number): MailBody {
  const confirm = siteLink(sitePath(language, newsletterTokenPath('confirm', token)));
  const text = [t(language, 'confirmIntro', { site }), '', confirm, '', t(language, 'confirmIgnore', { days })].join(
    '\n',
  );
  const html = page(
    language,
    `<p>${escapeHtml(t(language, 'confirmIntro', { site }))}</p>` +
      `<p><a href="${escapeHtml(confirm)}">${escapeHtml(t(language, 'confirmButton'))}</a></p>` +
      `<p>${escapeHtml(confirm)}</p>`,
    escapeHtml(t(language, 'confirmIgnore', { days })),
  );
  return { subject: t(language, 'confirmSubject', { site }), text, html };
}

/** An item chosen for a mailing or found for a digest, shown as a card. */
export interface MailCard {
  title: string;
  date: string | null;
  summary: string;
  url: string | null;
}

export interface MailingBody {
  subject: string;
  /** Sanitised rich text; its plain text is the text part's body. */
  html: string;
  text: string;
  cards: MailCard[];
}

/** The one-click unsubscribe URL of a subscriber (`List-Unsubscribe`) and the manage page. */
const unsubscribeUrl = (token: string) => siteLink(oneClickUnsubscribePath(token));
export const manageUrl = (language: WireLanguage, token: string) =>
  siteLink(sitePath(language, newsletterTokenPath('manage', token)));

/** One subscriber's copy of a mailing: the body, the cards, and the footer with their own links. */
export function mailingMail(
  language: WireLanguage,
  site: string,
  mailing: MailingBody,
  token: string | null,
): MailBody & { headers: Record<string, string> } {
  const manage = token ? manageUrl(language, token) : siteLink(sitePath(language, newsletterPaths.signUp));
  const cardText = mailing.cards.flatMap((card) => [
    `* ${card.title}${card.date ? ` (${card.date})` : ''}`,
    ...(card.summary ? [`  ${card.summary}`] : []),
    ...(card.url ? [`  ${card.url}`] : []),
  ]);
  const footer = t(language, 'footer', { site });
  const text = [
    mailing.text,
    ...(cardText.length ? ['', ...cardText] : []),
    '',
    '-- ',
    footer,
    `${t(language, 'manage')}: ${manage}`,
  ].join('\n');
  const cardHtml = mailing.cards
    .map(
      (card) =>
        `<div style="border:1px solid #ccc;border-radius:6px;padding:12px;margin:12px 0">` +
        `<h2 style="font-size:110%;margin:0 0 4px">${card.url ? `<a href="${escapeHtml(card.url)}">${escapeHtml(card.title)}</a>` : escapeHtml(card.title)}</h2>` +
        (card.date ? `<p style="margin:0;color:#555">${escapeHtml(card.date)}</p>` : '') +
        (card.summary ? `<p style="margin:4px 0 0">${escapeHtml(card.summary)}</p>` : '') +
        `</div>`,
    )
    .join('');
  const html = page(
    language,
    mailing.html + cardHtml,
    `${escapeHtml(footer)}<br><a href="${escapeHtml(manage)}">${escapeHtml(t(language, 'manage'))}</a>`,
  );
  const headers: Record<string, string> = { 'List-Id': listId(site) };
  if (token) {
    headers['List-Unsubscribe'] = `<${unsubscribeUrl(token)}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return { subject: mailing.subject, text, html, headers };
}
