import type { ResourceHooks } from '../define';
import definition from '../resources/webmemorabilia';
import { yearOptionsCall } from '../years';

/** The year picker of the milestones page. */
const hooks: ResourceHooks = { calls: [yearOptionsCall(definition, 'eventDate', 'getoptions')] };

export default hooks;
