import 'server-only';
import { enqueueMail } from '../../mail/queue';
import { mailEnabled } from '../../mail/transport';
import { decisionMail, submissionMail, type SubmissionSummary } from '../../mail/templates';
import { logError } from '../../observability/logger';
import type { Actor } from '../model/actor';
import type { ResourceDefinition } from '../model/define';
import { emailList } from '../model/validation';
import { accountAddress, adminAddresses, type PendingKind } from '../storage/pending';
import { approvalSettings, readWebInfo } from '../storage/settings';

/**
 * The e-mails of publishing with approval, through the mail queue: a submission to the approvers
 * (the shared setting `approverEmails`, else every Admin with an address), a decision to the
 * author. The write is stored first; an e-mail that cannot be queued is only logged. Without e-mail
 * (no SMTP_URL) nothing is queued, and the dashboard shows the same states.
 */

interface Notice {
  definition: ResourceDefinition;
  kind: PendingKind;
  title: string;
}

const summaryOf = (actor: Actor, notice: Notice): SubmissionSummary => ({
  kind: notice.kind,
  resourceLabel: notice.definition.label[actor.language],
  title: notice.title,
});

async function queue(work: () => Promise<void>, what: string) {
  if (!mailEnabled()) return;
  await work().catch((error) => logError(error, `${what} e-mail could not be queued`));
}

/** Tells the approvers that the actor submitted a change. */
export function notifyApprovers(actor: Actor, notice: Notice): Promise<void> {
  return queue(async () => {
    const { approverEmails } = await approvalSettings();
    const listed = emailList(approverEmails) ?? [];
    const to = listed.length ? listed : await adminAddresses();
    if (!to.length) return;
    const { siteName } = await readWebInfo(actor.language, { includePrivate: false });
    const author = actor.account?.displayName || actor.account?.username || '';
    await enqueueMail({
      kind: 'approval',
      to,
      ...submissionMail(actor.language, siteName, author, summaryOf(actor, notice)),
    });
  }, 'submission');
}

/** Tells a submission's author that the actor (an Admin) approved or rejected it. */
export function notifyAuthor(
  actor: Actor,
  notice: Notice & { authorId: number | null; approved: boolean; comment: string | null },
): Promise<void> {
  return queue(async () => {
    const author = notice.authorId === null ? undefined : await accountAddress(notice.authorId);
    if (!author?.email) return;
    const { siteName } = await readWebInfo(actor.language, { includePrivate: false });
    const reviewer = actor.account?.displayName || actor.account?.username || '';
    const mail = decisionMail(
      actor.language,
      siteName,
      { approved: notice.approved, reviewer, comment: notice.comment },
      summaryOf(actor, notice),
    );
    await enqueueMail({ kind: 'approval', to: [author.email], ...mail });
  }, 'decision');
}
