import type { ResourceHooks } from '../define';
import definition from '../resources/webcommittee';
import { sectionStampRoutes } from '../update-times';

// Spec §7: each committee's "last updated" time, set by an explicit call as for the boards.
const hooks: ResourceHooks = { routes: sectionStampRoutes(definition) };

export default hooks;
