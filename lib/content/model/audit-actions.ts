/**
 * What the audit log records (lib/content/storage/audit.ts): one action per thing someone did. Here,
 * apart from the log's storage, so the back office's audit filter offers the same list the server
 * accepts.
 */
export const auditActions = [
  'signIn',
  'signInFailed',
  'signOut',
  'add',
  'update',
  'delete',
  'restore',
  'purge',
  'changeorder',
  'bulk',
  'batch',
  'settings',
  'upload',
  'forgotPassword',
  'passwordReset',
  'secondFactorOn',
  'secondFactorOff',
  'recoveryCodes',
  'passkeyAdded',
  'passkeyRemoved',
  // Sessions ended from the sessions list or by a change of password or second factor.
  'sessionEnd',
  'export',
  'import',
  // Publishing with approval: a User's write waiting for an Admin, its approval or rejection, a row reviewed unchanged.
  'submit',
  'approve',
  'reject',
  'review',
  // The newsletter: a mailing sent, subscribers invited, exported or deleted on request.
  'newsletter',
  // The member area: a contact invited to an institution's accounts, the invitation taken up or
  // revoked, and a Member account removed by the institution's key contact.
  'memberInvite',
  'memberJoin',
  'memberInviteRevoke',
  'memberRemove',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const isAuditAction = (value: unknown): value is AuditAction => auditActions.some((action) => action === value);
