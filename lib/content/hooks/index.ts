import 'server-only';
import type { ResourceDefinition } from '../model/define';
import account from './account';
import type { RegisteredHooks } from './define';
import webbilingual from './webbilingual';
import webactivity from './webactivity';
import webcontact from './webcontact';

/**
 * Every resource's hooks. Each entry was made by `defineHooks(definition, …)`, so it is keyed by
 * the definition's own name and typed by its rows; a resource with no entry has no hooks.
 */
const registered: readonly RegisteredHooks[] = [account, webactivity, webbilingual, webcontact];

const byName = new Map(registered.map((hooks) => [hooks.definition.name, hooks]));

export function hooksFor(definition: ResourceDefinition): Omit<RegisteredHooks, 'definition'> {
  return byName.get(definition.name) ?? {};
}
