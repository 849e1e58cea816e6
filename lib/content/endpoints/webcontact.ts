import 'server-only';
import { sendAccountMessage, sendContactMessage } from '../operations/contact';
import { wireRow } from '../model/wire';
import definition from '../resources/webcontact';
import { defineEndpoints } from './define';

export default defineEndpoints(definition, [
  {
    // A visitor never gets stored rows back: the answer is only `{id}`.
    method: 'POST',
    path: 'add',
    body: true,
    operation: async (actor, { body }) => ({ id: (await sendContactMessage(actor, body)).id }),
    summary: 'Contact messages: the public contact form (captcha, 5 per address per 10 minutes); answers {id} only',
  },
  // Paths are matched in lower case, so this also serves the old API's `addByAcc`.
  {
    method: 'POST',
    path: 'addbyacc',
    body: true,
    operation: async (actor, { body }) => wireRow(actor, definition, await sendAccountMessage(actor, body)),
    summary: 'Contact messages: a message from the signed-in account, linked to it; answers the stored row',
  },
]);
