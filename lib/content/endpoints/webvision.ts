import 'server-only';
import { readScopeOf, requireAccess } from '../model/actor';
import { defineEndpoints } from './define';
import { notFound, positiveInteger } from '../model/errors';
import definition from '../resources/webvision';
import { addClick } from '../storage/video-clicks';

export default defineEndpoints(definition, [
  {
    // A public call from the video page; it keeps the XSRF check (the browser has the cookie).
    method: 'POST',
    path: 'post/:id',
    operation: async (actor, { params: [id] }) => {
      requireAccess(actor, 'public');
      const row = await addClick(readScopeOf(actor), positiveInteger(id));
      if (!row) throw notFound();
      return { id: Number(row.id), clicks: Number(row.clicks) };
    },
  },
]);
