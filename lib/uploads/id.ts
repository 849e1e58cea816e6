/**
 * The shape of an upload's id (a `randomUUID`, lib/uploads/index.ts). No imports: the content model
 * validates image and file fields with it, so the browser loads it too.
 */
export const uploadIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
