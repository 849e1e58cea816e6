// The English interface strings, one file per namespace so each part of the site owns its own file.
import api from './api.json';
import site from './site.json';
import about from './about.json';
import members from './members.json';
import laws from './laws.json';
import info from './info.json';
import services from './services.json';
import contact from './contact.json';
import registration from './registration.json';
import accessibility from './accessibility.json';
import admin from './admin.json';
import adminForm from './adminForm.json';
import client from './client.json';
import errors from './errors.json';
import mail from './mail.json';
import newsletter from './newsletter.json';
import memberArea from './memberArea.json';
import memberEntry from './memberEntry.json';
import memberInstitution from './memberInstitution.json';

const messages = {
  api,
  site,
  about,
  members,
  laws,
  info,
  services,
  contact,
  registration,
  accessibility,
  admin,
  adminForm,
  client,
  mail,
  newsletter,
  memberArea,
  memberEntry,
  memberInstitution,
  errors,
};
export default messages;
