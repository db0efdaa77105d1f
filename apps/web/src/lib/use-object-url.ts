import { useEffect, useState } from 'react';

/** A URL the page can show the picked file under, for as long as that file is picked. */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    // Object URLs hold the file in memory until revoked.
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}
