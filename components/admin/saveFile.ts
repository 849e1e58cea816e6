import type { ExportedFile } from '@/lib/client/resources';

/** Saves a downloaded file under the name the server gave it, as a link to it would. */
export function saveFile(file: ExportedFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the address; freeing it at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
