import type { ComponentType, ReactNode } from 'react';
import { postParts } from '@contract/post-text';
import { screens } from '@contract/screens';

/** How a link inside the app is drawn: the client passes its router's link, the server a plain anchor. */
export type InternalLink = ComponentType<{ href: string; className?: string; children: ReactNode }>;

const PlainLink: InternalLink = ({ href, className, children }) => (
  <a href={href} className={className}>
    {children}
  </a>
);

// The text's own colour, underlined: readable on any background (a message bubble of the primary colour too).
const LINK = 'font-semibold underline decoration-current/40 underline-offset-2 hover:decoration-current focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/**
 * What a member wrote (a name, description, comment or message), as text with links built here:
 * `#word` to the tag's search, `@username` to the profile, http(s) URLs to themselves. The member's
 * text only ever becomes React text nodes and attribute values, never HTML (docs/decisions/032).
 */
export function PostText({ text, link: Internal = PlainLink }: { text: string; link?: InternalLink }) {
  return (
    <>
      {postParts(text).map((part, i) => {
        if (part.type === 'hashtag') {
          return <Internal key={i} href={screens.search({ q: `#${part.tag}` })} className={LINK}>{part.text}</Internal>;
        }
        if (part.type === 'mention') {
          return <Internal key={i} href={screens.profile(`@${part.username}`)} className={LINK}>{part.text}</Internal>;
        }
        if (part.type === 'url') {
          return <a key={i} href={part.href} rel="nofollow ugc noopener" target="_blank" className={`${LINK} break-all`}>{part.text}</a>;
        }
        return part.text;
      })}
    </>
  );
}
