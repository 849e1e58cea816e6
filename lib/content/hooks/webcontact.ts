import 'server-only';
import type { ResourceHooks } from '../model/define';
import { senderFields, sendAccountMessage, sendContactMessage } from '../operations/contact';
import { wireRow } from '../model/wire';
import webcontact from '../resources/webcontact';

/** Fields staff may change on `update`: what the sender wrote stays as it was received. */
const senderOwned = new Set<string>([...senderFields, 'translationId']);

const hooks: ResourceHooks = {
  calls: [
    {
      // A visitor never gets stored rows back: the answer is only `{id}`.
      method: 'POST',
      path: 'add',
      body: true,
      operation: async (actor, { body }) => ({ id: (await sendContactMessage(actor, body)).id }),
      summary: 'Contact messages: the public contact form (captcha, 5 per address per 10 minutes); answers {id} only',
    },
    // Paths are matched in lower case, so this also serves the spec's `addByAcc`.
    {
      method: 'POST',
      path: 'addbyacc',
      body: true,
      operation: async (actor, { body }) => wireRow(actor, webcontact, await sendAccountMessage(actor, body)),
      summary: 'Contact messages: a message from the signed-in account, linked to it; answers the stored row',
    },
  ],
  // Only the generic update reaches this (add is the call above): staff set the status and the reply note.
  beforeWrite(input) {
    return Object.fromEntries(Object.entries(input).filter(([key]) => !senderOwned.has(key)));
  },
};

export default hooks;
