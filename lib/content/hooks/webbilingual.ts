import 'server-only';
import definition from '../resources/webbilingual';
import { initialOf } from '../storage/search';
import { defineHooks } from './define';

export default defineHooks(definition, {
  // `initial` is read-only for clients: it follows termEn on add, and on any update that sends termEn.
  beforeWrite(input) {
    return typeof input.termEn === 'string' ? { ...input, initial: initialOf(input.termEn) } : input;
  },
});
