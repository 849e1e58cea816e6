import 'server-only';
import definition from '../resources/webactivity';
import { defineEndpoints } from './define';

// The old API deletes activity types under webactivity too; it is the same call as webactivitytype/delete.
export default defineEndpoints(definition, [
  { method: 'DELETE', path: 'deletetype/:id', sameAs: 'webactivitytype/delete/:id' },
]);
