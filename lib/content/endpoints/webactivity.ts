import 'server-only';
import * as roster from '../operations/registration/roster';
import * as signUp from '../operations/registration/sign-up';
import * as staff from '../operations/registration/staff';
import definition from '../resources/webactivity';
import { defineEndpoints } from './define';

// The old API deletes activity types under webactivity too; it is the same call as webactivitytype/delete.
export default defineEndpoints(definition, [
  { method: 'DELETE', path: 'deletetype/:id', sameAs: 'webactivitytype/delete/:id' },
  {
    method: 'POST',
    path: 'register/:id',
    body: true,
    operation: (actor, { params: [id], body }) => signUp.register(actor, id, body),
    summary:
      'Signs a visitor up for an activity (captcha, 10 per address per 10 minutes): `{name, email, seats, …asked fields, consent, captcha}` → `{status, code, seats, manageUrl}`',
  },
  {
    method: 'POST',
    path: 'registrations/:id',
    body: true,
    operation: (actor, { params: [id], body }) => roster.roster(actor, id, body),
    summary: "An activity's roster (staff): `{page, pageSize, status, keyword}` → rows with the counts",
  },
  {
    method: 'POST',
    path: 'registration/add/:id',
    body: true,
    operation: (actor, { params: [id], body }) => staff.addByStaff(actor, id, body),
    summary: 'Adds a sign-up by hand (staff): `{name, email, seats, …asked fields}`',
  },
  {
    method: 'PUT',
    path: 'registration/update',
    body: true,
    operation: (actor, { body }) => staff.updateByStaff(actor, body),
    summary: 'Changes a sign-up (staff): `{id, …fields, seats, status}`; freed seats go to the waiting list',
  },
  {
    method: 'POST',
    path: 'registrations/mail/:id',
    body: true,
    operation: (actor, { params: [id], body }) => staff.mailRegistrants(actor, id, body),
    summary: 'E-mails registrants (staff): `{subject, text, ids?, status?}` → `{queued}`',
  },
  {
    method: 'POST',
    path: 'checkin/:id',
    body: true,
    operation: (actor, { params: [id], body }) => roster.checkIn(actor, id, body),
    summary: 'Checks a sign-up in at the door (staff): `{code}` → `{name, seats, attendedAt}`',
  },
  {
    method: 'DELETE',
    path: 'registration/:registrationId',
    operation: (actor, { params: [id] }) => staff.erasePerson(actor, id),
    summary: "Deletes one person's data from a sign-up on request (Admins); the seats stay counted",
  },
]);
