import { useMemo } from 'react';
import { Link } from 'wouter';
import { PostText, type InternalLink } from './post-text';

/** `PostText` inside the app: tags and mentions open their screens without a page load; `onNavigate` closes a dialog first. */
export function AppPostText({ text, onNavigate }: { text: string; onNavigate?: () => void }) {
  const link = useMemo<InternalLink>(
    () =>
      function AppLink({ href, className, children }) {
        return (
          <Link href={href} className={className} onClick={onNavigate}>
            {children}
          </Link>
        );
      },
    [onNavigate],
  );
  return <PostText text={text} link={link} />;
}
