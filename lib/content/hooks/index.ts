import 'server-only';
import type { ResourceHooks } from '../model/define';
import account from './account';
import webdiscipline from './webdiscipline';
import webeducation from './webeducation';
import webvision from './webvision';
import webmemorabilia from './webmemorabilia';
import webstatics from './webstatics';
import webactivity from './webactivity';
import webrule from './webrule';
import webbilingual from './webbilingual';
import webareainfo from './webareainfo';
import webcontact from './webcontact';

/** Behaviour that belongs to one resource, kept beside the definitions (see STYLE.md). */
const hooks: Record<string, ResourceHooks> = { account, webdiscipline, webeducation, webvision, webmemorabilia, webstatics, webactivity, webrule, webbilingual, webareainfo, webcontact };

export function hooksFor(name: string): ResourceHooks {
  return hooks[name] ?? {};
}
