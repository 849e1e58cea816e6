import 'server-only';
import type { ResourceHooks } from '../model/define';
import definition from '../resources/webmemorabilia';
import { yearOptionsCall } from '../storage/years';

/** The year picker of the milestones page. */
const hooks: ResourceHooks = { calls: [yearOptionsCall(definition, 'eventDate', 'getoptions')] };

export default hooks;
