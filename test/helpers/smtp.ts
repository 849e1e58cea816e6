import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One e-mail the test server accepted: the envelope's recipients and the parsed message. */
export interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
  text: string;
  html: string;
  subject: string;
}

/**
 * A real SMTP server on localhost for the tests (smtp-server): plain SMTP, no TLS, no sign-in.
 * `refuse` makes it answer every message with a permanent error, as a server that rejects mail
 * does; `stop()` and `start()` take it down and bring it back on the same port.
 */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  refuse = false;
  private server: SMTPServer | null = null;
  private waiters: { count: number; resolve: () => void }[] = [];
  private mailWaiters: { match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];

  constructor(public port = 0) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        if (this.refuse) {
          stream.resume();
          stream.on('end', () =>
            callback(Object.assign(new Error('Mailbox unavailable (test server refuses)'), { responseCode: 550 })),
          );
          return;
        }
        simpleParser(stream)
          .then((parsed) => {
            this.received.push({
              envelopeTo: session.envelope.rcptTo.map((to) => to.address),
              parsed,
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              subject: parsed.subject ?? '',
            });
            this.notify();
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.server.address();
    if (address && typeof address === 'object') this.port = address.port;
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Resolves once `count` messages in all have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
    if (this.received.length >= count) return Promise.resolve(this.received);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`expected ${count} e-mails, got ${this.received.length}`)),
        timeoutMs,
      );
      this.waiters.push({
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve(this.received);
        },
      });
    });
  }

  /**
   * Resolves with the first mail, received or still to come, sent to `address` (and matching `match`). Mail the
   * queue retries from an earlier test may arrive in between, so a test picks its own mail by recipient rather
   * than by position.
   */
  mailTo(
    address: string,
    timeoutMs = 20_000,
    match: (mail: ReceivedMail) => boolean = () => true,
  ): Promise<ReceivedMail> {
    const wanted = (mail: ReceivedMail) => mail.envelopeTo.includes(address) && match(mail);
    const found = this.received.find(wanted);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const seen = this.received.map((mail) => mail.envelopeTo.join(',')).join('; ');
        reject(new Error(`no e-mail to ${address} within ${timeoutMs} ms; received for: ${seen || 'nobody'}`));
      }, timeoutMs);
      this.mailWaiters.push({
        match: wanted,
        resolve: (mail) => {
          clearTimeout(timer);
          resolve(mail);
        },
      });
    });
  }

  private notify(): void {
    const latest = this.received[this.received.length - 1];
    this.mailWaiters = this.mailWaiters.filter((waiter) => {
      if (!latest || !waiter.match(latest)) return true;
      waiter.resolve(latest);
      return false;
    });
    this.waiters = this.waiters.filter((waiter) => {
      if (this.received.length < waiter.count) return true;
      waiter.resolve();
      return false;
    });
  }
}

/** The first link of a mail's plain text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}\\S*`).exec(mail.text);
  if (!match) throw new Error(`no link starting with ${prefix} in: ${mail.text}`);
  return match[0];
}
