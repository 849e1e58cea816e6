import 'server-only';
import { settleWaitingList } from '../operations/registration/waiting-list';
import definition from '../resources/webactivity';
import { defineHooks } from './define';

export default defineHooks(definition, {
  // Seats a staff change frees (a larger capacity, no limit, a waiting list turned off, a new
  // counterpart) go to those waiting at once, and they are told, not at the next sign-up.
  async afterUpdate(existing, updated) {
    const changed = (['capacity', 'waitlistEnabled', 'translationId'] as const).some(
      (key) => (existing[key] ?? null) !== (updated[key] ?? null),
    );
    if (changed) await settleWaitingList(updated.id);
  },
});
