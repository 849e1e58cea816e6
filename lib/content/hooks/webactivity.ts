import 'server-only';
import type { ResourceHooks } from '../model/define';

const hooks: ResourceHooks = {
  // Spec §7 deletes activity types under webactivity; it is the same call as webactivitytype/delete.
  calls: [{ method: 'DELETE', path: 'deletetype/:id', sameAs: 'webactivitytype/delete/:id' }],
};

export default hooks;
