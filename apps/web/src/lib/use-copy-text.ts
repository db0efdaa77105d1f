import { useState } from 'react';

/**
 * Copying a secret shown once (a link, recovery codes, a calendar address) to the clipboard, and
 * whether it worked: 'failed' also when the browser offers no clipboard (an insecure origin), so
 * the page can say to copy it by hand.
 */
export function useCopyText(text: string): { copied: 'yes' | 'failed' | null; copy: () => void } {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () => {
    if (!navigator.clipboard) {
      setCopied('failed');
      return;
    }
    navigator.clipboard.writeText(text).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return { copied, copy };
}
