import 'server-only';
import { config } from '../../config';
import { forbidden, notFound, positiveInteger, unauthorized } from '../model/errors';
import { duesState, type DuesState } from '../model/dues';
import { Role } from '../model/roles';
import { toWireDateTime } from '../model/wire-dates';
import type { Actor } from '../model/actor';
import { duesOfInstitution, institutionName } from '../storage/institution';

/** One year's dues as the member area shows them to the institution's Members. */
export interface MemberDues {
  year: number;
  amount: number;
  dueOn: string | null;
  paidOn: string | null;
  receiptNo: string | null;
  note: string | null;
  state: DuesState;
}

/** The signed-in Member's institution; staff and visitors are refused (staff read `webmemberdues`). */
function institutionOf(actor: Actor): number {
  if (actor.expired) throw unauthorized('sessionExpired');
  const own = actor.account;
  if (!own) throw unauthorized();
  if (own.role !== Role.Member || !own.member) throw forbidden();
  return own.member.id;
}

const today = (now: Date) => toWireDateTime(now, config().siteTimeZone).slice(0, 10);

const dateText = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : null);

/** `member/dues` (Members): their own institution's dues, the latest year first, each with its state. */
export async function memberDues(actor: Actor, now = new Date()): Promise<{ institution: string; data: MemberDues[] }> {
  const memberId = institutionOf(actor);
  const rows = await duesOfInstitution(memberId);
  const date = today(now);
  return {
    institution: (await institutionName(memberId)) ?? '',
    data: rows.map((row) => {
      const dues = { dueOn: dateText(row.dueOn), paidOn: dateText(row.paidOn) };
      return {
        year: Number(row.year),
        amount: Number(row.amount),
        ...dues,
        receiptNo: typeof row.receiptNo === 'string' ? row.receiptNo : null,
        note: typeof row.note === 'string' ? row.note : null,
        state: duesState(dues, date),
      };
    }),
  };
}

/**
 * `member/dues/receipt/{year}` (Members): a paid year's receipt of their own institution; an unpaid
 * or absent year: 404.
 */
export async function memberReceipt(
  actor: Actor,
  yearInput: string | undefined,
): Promise<MemberDues & { institution: string }> {
  institutionOf(actor);
  const year = positiveInteger(yearInput);
  const { institution, data } = await memberDues(actor);
  const paid = data.find((dues) => dues.year === year && dues.state === 'paid');
  if (!paid) throw notFound();
  return { ...paid, institution };
}
