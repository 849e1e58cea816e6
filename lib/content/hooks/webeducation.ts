import 'server-only';
import type { ResourceHooks } from '../model/define';
import definition from '../resources/webeducation';
import { latestChangeCall } from '../storage/update-times';

/** One category's page shows the date. */
const hooks: ResourceHooks = { calls: [latestChangeCall(definition, 'getupdatetime/:category')] };

export default hooks;
