import { defineResource } from './define';
import { field } from './fields';
import { ASKABLE_FIELDS } from '../resources/webactivity';

/**
 * Sign-ups for activities: the rules that the server, the public page and the back office's roster
 * share. A sign-up is `confirmed` (holds its seats), `waitlisted` (waits, in arrival order) or
 * `cancelled`; "attended" is a confirmed sign-up checked in at the door (`attendedAt`).
 */
const REGISTRATION_STATUSES = ['confirmed', 'waitlisted', 'cancelled'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
/** What the roster filters by: a status, or those checked in. */
export const ROSTER_FILTERS = [...REGISTRATION_STATUSES, 'attended'] as const;
export type RosterFilter = (typeof ROSTER_FILTERS)[number];

type AskableField = (typeof ASKABLE_FIELDS)[number];
export { ASKABLE_FIELDS };

export interface AskedField {
  name: AskableField;
  required: boolean;
}

/** The fields an activity's form asks (`askFields`: `phone*,dietary`, a `*` marks a required one). */
export function askedFields(askFields: string | null | undefined): AskedField[] {
  const asked: AskedField[] = [];
  for (const part of (askFields ?? '').split(',')) {
    const name = part.trim().replace(/\*$/, '');
    const known = ASKABLE_FIELDS.find((candidate) => candidate === name);
    if (known && !asked.some((a) => a.name === known)) asked.push({ name: known, required: part.trim().endsWith('*') });
  }
  return asked;
}

/**
 * What a sign-up form sends, declared like a resource's fields so the generic validation checks it
 * and words each problem with the field's label in the request's language.
 */
export const registrantDefinition = defineResource({
  name: 'registration',
  label: { tw: '報名', en: 'Sign-ups' },
  titleField: 'name',
  localized: false,
  visibility: false,
  access: { read: 'user', write: 'user' },
  menu: 'announcements',
  fields: {
    name: field.text(['姓名', 'Name'], { required: true, max: 100 }),
    email: field.email(['電子郵件', 'E-mail'], { required: true }),
    seats: field.integer(['人數', 'Seats'], { min: 1, max: 50, defaultValue: 1 }),
    organization: field.text(['服務單位', 'Organization'], { max: 200 }),
    jobTitle: field.text(['職稱', 'Job title'], { max: 100 }),
    phone: field.text(['電話', 'Phone'], { max: 50, pattern: /^[0-9+()#\-\s]{4,50}$/ }),
    memberType: field.text(['會員別', 'Member type'], { max: 100 }),
    dietary: field.text(['飲食需求', 'Dietary needs'], { max: 200 }),
    note: field.longtext(['備註', 'Note'], { max: 1000 }),
  },
});

/** What an activity says about signing up, for the page and the API alike. */
type RegistrationPhase = 'notOpen' | 'open' | 'waitlist' | 'full' | 'closed';

export interface ActivitySignUp {
  registrationEnabled: boolean;
  registrationOpensAt: Date | null;
  registrationClosesAt: Date | null;
  startAt: Date;
  capacity: number | null;
  waitlistEnabled: boolean;
}

export interface SignUpState {
  phase: RegistrationPhase;
  /** Seats not yet confirmed to anyone; null without a limit. */
  seatsLeft: number | null;
  opensAt: Date | null;
  closesAt: Date;
}

/** When sign-up ends: the set close, else the activity's start. */
const closesAtOf = (activity: ActivitySignUp) => activity.registrationClosesAt ?? activity.startAt;

/** The phase of an activity's sign-up at `now`, given the seats confirmed so far; null when it takes no sign-ups. */
export function signUpState(activity: ActivitySignUp, confirmedSeats: number, now = new Date()): SignUpState | null {
  if (!activity.registrationEnabled) return null;
  const closesAt = closesAtOf(activity);
  const seatsLeft = activity.capacity === null ? null : Math.max(0, activity.capacity - confirmedSeats);
  const base = { seatsLeft, opensAt: activity.registrationOpensAt, closesAt };
  if (activity.registrationOpensAt && now < activity.registrationOpensAt) return { phase: 'notOpen', ...base };
  if (now >= closesAt) return { phase: 'closed', ...base };
  if (seatsLeft === 0) return { phase: activity.waitlistEnabled ? 'waitlist' : 'full', ...base };
  return { phase: 'open', ...base };
}

/** A short code for the door: unambiguous letters and digits (no 0/O, 1/I/L). */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_LENGTH = 8;
/** A typed code as stored: upper case, without spaces or dashes. */
export const normalizeCode = (value: string) => value.toUpperCase().replace(/[\s-]/g, '');

/** One line of an activity's roster as the API sends it: the sign-up, then its asked fields by name. */
export interface RosterRow {
  id: number;
  code: string;
  name: string;
  email: string;
  seats: number;
  status: RegistrationStatus;
  attendedAt: string | null;
  createdAt: string;
  [asked: string]: unknown;
}
