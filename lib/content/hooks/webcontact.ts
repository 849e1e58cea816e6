import 'server-only';
import type { WriteOf } from '../model/row-check';
import { senderFields } from '../operations/contact';
import definition from '../resources/webcontact';
import { defineHooks } from './define';

/** Fields staff may not change on `update`: what the sender wrote stays as it was received. */
const senderOwned: readonly (keyof WriteOf<typeof definition>)[] = [...senderFields, 'translationId'];

export default defineHooks(definition, {
  // Only the generic update reaches this (add is the contact form's own call): staff set the status and the reply note.
  beforeWrite(input) {
    const staffChanges: WriteOf<typeof definition> = { ...input };
    for (const key of senderOwned) delete staffChanges[key];
    return staffChanges;
  },
});
