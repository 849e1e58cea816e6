import type { ResourceHooks } from '../define';
import account from './account';

/** Behaviour that belongs to one resource, kept beside the definitions (see STYLE.md). */
const hooks: Record<string, ResourceHooks> = { account };

export function hooksFor(name: string): ResourceHooks {
  return hooks[name] ?? {};
}
