import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { screenPaths, screens } from '@contract/screens';
import { takeSharedFiles } from '@/sw/caches';

/**
 * On /share (where the service worker sends files shared from the phone), takes the shared files
 * and hands them to `onShared` (the upload dialog opens with them, waiting for tags, alt text
 * and a folder), then leaves for the feed. A member who was signed out comes here after signing in.
 * The files are taken once: whatever re-renders meanwhile, they reach the latest `onShared`.
 */
export function useSharedFiles(onShared: (files: File[]) => void): void {
  const [location, navigate] = useLocation();
  const here = location === screenPaths.share;
  const deliver = useRef(onShared);
  deliver.current = onShared;
  const taking = useRef(false);
  useEffect(() => {
    if (!here || taking.current) return;
    taking.current = true;
    void (typeof caches === 'undefined' ? Promise.resolve([]) : takeSharedFiles(caches))
      .then((files) => {
        if (files.length > 0) deliver.current(files);
      })
      .finally(() => {
        taking.current = false;
        navigate(screens.home(), { replace: true });
      });
  }, [here, navigate]);
}
