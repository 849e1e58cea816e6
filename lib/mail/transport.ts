import nodemailer, { type Transporter } from 'nodemailer';
import { config } from '../config';
import { processSlot } from '../runtime/process-state';

declare module '../runtime/process-state' {
  interface ProcessSlots {
    /** The transport of the configuration it was made for. */
    mailTransport: { current?: { url: string; transport: Transporter } };
  }
}

/** A file sent with an e-mail (a calendar entry, say): text, or binary as base64. */
interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding?: 'base64';
}

/**
 * One e-mail as the queue holds it: plain text and simple HTML of the same words, and optionally
 * headers of its own (`List-Unsubscribe`, `List-Id`…) and attachments. nodemailer adds `Message-ID`
 * and `Date`.
 */
export interface MailContent {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
}

/** E-mail is on only when SMTP_URL names a server; without it nothing is queued or sent. */
export function mailEnabled(): boolean {
  return Boolean(config().smtpUrl);
}

const holder = processSlot('mailTransport', () => ({}));

/** One transport per SMTP_URL (tests change it between cases); short timeouts so a dead server fails fast. */
function transport(url: string): Transporter {
  const dkim = config().dkim;
  // The key is part of the transport's identity: a changed configuration (tests) makes a new one.
  const identity = `${url} ${dkim ? `${dkim.domainName} ${dkim.keySelector} ${dkim.privateKey}` : ''}`;
  if (holder.current?.url !== identity) {
    holder.current?.transport.close();
    // A server that accepts and then hangs must not hold the worker for nodemailer's default minutes.
    const transport = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      // Every mail signed for the association's domain when DKIM is configured (docs/operations.md).
      ...(dkim ? { dkim } : {}),
    });
    holder.current = { url: identity, transport };
  }
  return holder.current.transport;
}

/** Hands one e-mail to the SMTP server; throws when the server refuses it or cannot be reached. */
export async function sendMail(mail: MailContent): Promise<void> {
  const { smtpUrl, mailFrom } = config();
  if (!smtpUrl) throw new Error('SMTP_URL is not set');
  await transport(smtpUrl).sendMail({
    from: mailFrom,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.headers ? { headers: mail.headers } : {}),
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
  });
}
