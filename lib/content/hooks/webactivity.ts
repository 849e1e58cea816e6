import * as resource from '../../api/handlers/resource';
import type { ResourceHooks } from '../define';
import activityTypes from '../resources/webactivitytype';

const hooks: ResourceHooks = {
  routes: [
    // Spec §7 deletes activity types under webactivity; it is the same call as webactivitytype/delete.
    { method: 'DELETE', path: 'deletetype/:id', handler: (context, [id]) => resource.remove(context, activityTypes, id) },
  ],
};

export default hooks;
