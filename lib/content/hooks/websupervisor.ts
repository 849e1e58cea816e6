import type { ResourceHooks } from '../define';
import definition from '../resources/websupervisor';
import { sectionStampRoutes } from '../update-times';

// Spec §7: the boards' "last updated" time is set by an explicit call from the back office, not by
// every edit, so fixing a typo does not announce an update on the public page.
const hooks: ResourceHooks = { routes: sectionStampRoutes(definition) };

export default hooks;
