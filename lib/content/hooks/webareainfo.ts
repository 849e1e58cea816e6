import type { ResourceHooks } from '../define';

// The webareainfo calls of spec §7 beyond the generic ones are added here.
const hooks: ResourceHooks = {};

export default hooks;
