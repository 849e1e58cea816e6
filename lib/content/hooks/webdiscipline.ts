import type { ResourceHooks } from '../define';
import definition from '../resources/webdiscipline';
import { latestChangeCall } from '../update-times';

const hooks: ResourceHooks = { calls: [latestChangeCall(definition, 'getupdatetime')] };

export default hooks;
