'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { http } from '@/lib/client/http';
import type { Upload } from '@/lib/client/resources';

/** `GET /api/upload/{id}`: a stored file's name, type, size and address. */
function fetchUpload(id: string): Promise<Upload> {
  return http.get(http.url(`/api/upload/${encodeURIComponent(id)}`)).json<Upload>();
}

type UploadDetails = Upload | 'missing';

/**
 * Details of the uploads a form refers to (rows store only their ids), each fetched once;
 * `remember` records one just uploaded or renamed so it needs no request.
 */
export function useUploads(ids: readonly string[]) {
  const [known, setKnown] = useState<Record<string, UploadDetails>>({});
  const requested = useRef(new Set<string>());
  const key = ids.join(',');

  useEffect(() => {
    const wanted = key ? key.split(',').filter((id) => !requested.current.has(id)) : [];
    if (!wanted.length) return;
    wanted.forEach((id) => requested.current.add(id));
    void Promise.all(
      wanted.map((id) =>
        fetchUpload(id).then(
          (upload): [string, UploadDetails] => [id, upload],
          (): [string, UploadDetails] => [id, 'missing'],
        ),
      ),
    ).then((entries) => setKnown((previous) => ({ ...previous, ...Object.fromEntries(entries) })));
  }, [key]);

  const remember = useCallback((upload: Upload) => {
    requested.current.add(upload.id);
    setKnown((previous) => ({ ...previous, [upload.id]: upload }));
  }, []);

  return { uploads: known, remember };
}
